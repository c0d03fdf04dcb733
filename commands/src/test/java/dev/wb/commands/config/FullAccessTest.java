package dev.wb.commands.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Full access is refused by what an argument says, in every spelling a CLI accepts. */
class FullAccessTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --dangerously-skip-permissions                              | --dangerously-skip-permissions
            --dangerously-skip-permissions=true                         | --dangerously-skip-permissions=true
            --yolo                                                      | --yolo
            --dangerously-bypass-approvals-and-sandbox                  | --dangerously-bypass-approvals-and-sandbox
            --sandbox,danger-full-access                                | --sandbox danger-full-access
            -s,'danger-full-access'                                     | -s 'danger-full-access'
            -sdanger-full-access                                        | -sdanger-full-access
            -c,sandbox_mode='danger-full-access'                        | sandbox_mode='danger-full-access'
            --config,sandbox_mode = "danger-full-access"                | sandbox_mode = "danger-full-access"
            --permission-mode,bypassPermissions                         | --permission-mode bypassPermissions
            --permission-mode=BYPASSPERMISSIONS                         | --permission-mode=BYPASSPERMISSIONS
            """)
    void every_spelling_of_full_access_is_found(String args, String found) {
        assertEquals(Optional.of(found), FullAccess.find(Arrays.asList(args.split(","))));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --sandbox,workspace-write
            --permission-mode,acceptEdits
            --model,danger-full-access-model-x
            --skip-git-repo-check
            --add-dir,/tmp/danger-full-accessible
            """)
    void arguments_that_only_resemble_it_pass(String args) {
        assertEquals(Optional.empty(), FullAccess.find(List.of(args.split(","))));
    }
}
