package dev.wb.house;

import com.google.common.collect.ImmutableList;
import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * The shape every method of main code keeps: at most {@link #MAX_LINES} lines, from its first line after
 * its annotations to its closing brace, and at most {@link #MAX_PARAMETERS} parameters. A record's
 * canonical constructor is exempt from the parameter rule (its parameters are the record's components).
 * Sources are parsed by the JDK's own compiler ({@code com.sun.source}), so comments, strings, lambdas and
 * nested classes are read as Java, not as text; a method of a nested or anonymous class is measured on
 * its own and also counts inside the method that holds it.
 */
final class MethodShape {

    static final int MAX_LINES = 60;
    static final int MAX_PARAMETERS = 6;

    /** A method past a limit: where it starts, its name, and what it is past. */
    record Offence(String file, long line, String method, String what) {
        @Override
        public String toString() {
            return file + ":" + line + " " + method + ": " + what;
        }
    }

    private MethodShape() {}

    /** The offences of the given sources, each named by its path. */
    static List<Offence> check(List<Source> sources) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        List<JavaFileObject> files = new ArrayList<>();
        Map<URI, String> names = new HashMap<>();
        for (Source source : sources) {
            JavaFileObject file = source.asFileObject();
            files.add(file);
            names.put(file.toUri(), source.name());
        }
        JavacTask task = (JavacTask) compiler.getTask(null, null, diagnostic -> {}, List.of("-proc:none"), null, files);
        SourcePositions positions = Trees.instance(task).getSourcePositions();
        List<Offence> offences = new ArrayList<>();
        for (CompilationUnitTree unit : task.parse()) {
            new Scanner(unit, positions, names.get(unit.getSourceFile().toUri()), offences).scan(unit, null);
        }
        return ImmutableList.copyOf(offences);
    }

    /** One source file: the name offences carry, and its text. */
    record Source(String name, String text) {
        JavaFileObject asFileObject() {
            return new Text(name, text);
        }

        /** The source as the compiler reads it from memory. */
        static final class Text extends SimpleJavaFileObject {
            private final String text;

            Text(String name, String text) {
                super(URI.create("string:///" + name.replace(' ', '_')), Kind.SOURCE);
                this.text = text;
            }

            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        }
    }

    /** Walks one unit's methods, measuring each. */
    private static final class Scanner extends TreePathScanner<Void, Void> {
        private final CompilationUnitTree unit;
        private final SourcePositions positions;
        private final String file;
        private final List<Offence> offences;
        private final CharSequence text;

        Scanner(CompilationUnitTree unit, SourcePositions positions, String file, List<Offence> offences)
                throws IOException {
            this.unit = unit;
            this.positions = positions;
            this.file = file;
            this.offences = offences;
            this.text = unit.getSourceFile().getCharContent(true);
        }

        @Override
        public Void visitMethod(MethodTree method, Void unused) {
            if (method.getBody() != null) {
                LineMap lines = unit.getLineMap();
                long first = lines.getLineNumber(firstPosition(method));
                long last = lines.getLineNumber(positions.getEndPosition(unit, method));
                String name = name(method);
                if (last - first + 1 > MAX_LINES) {
                    offences.add(new Offence(file, first, name, "lines " + (last - first + 1) + " > " + MAX_LINES));
                }
                int parameters = method.getParameters().size();
                if (parameters > MAX_PARAMETERS && !isCanonicalRecordConstructor(method)) {
                    offences.add(new Offence(file, first, name, "parameters " + parameters + " > " + MAX_PARAMETERS));
                }
            }
            return super.visitMethod(method, null);
        }

        /** Where a method begins once its annotations are passed over. */
        private long firstPosition(MethodTree method) {
            long start = positions.getStartPosition(unit, method);
            for (AnnotationTree annotation : method.getModifiers().getAnnotations()) {
                start = Math.max(start, positions.getEndPosition(unit, annotation));
            }
            while (start < text.length() && Character.isWhitespace(text.charAt((int) start))) {
                start++;
            }
            return start;
        }

        private String name(MethodTree method) {
            Tree owner = getCurrentPath().getParentPath().getLeaf();
            String type = owner instanceof ClassTree declared
                    ? declared.getSimpleName().toString()
                    : "";
            String simple = method.getName().contentEquals("<init>")
                    ? type
                    : method.getName().toString();
            return (type.isEmpty() ? "<anonymous>" : type) + "." + simple;
        }

        private boolean isCanonicalRecordConstructor(MethodTree method) {
            Tree owner = getCurrentPath().getParentPath().getLeaf();
            if (!method.getName().contentEquals("<init>")
                    || !(owner instanceof ClassTree record)
                    || record.getKind() != Tree.Kind.RECORD) {
                return false;
            }
            long components = record.getMembers().stream()
                    .filter(member -> member instanceof VariableTree field
                            && !field.getModifiers().getFlags().contains(Modifier.STATIC))
                    .count();
            return method.getParameters().size() == components;
        }
    }
}
