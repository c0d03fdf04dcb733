/**
 * The one module that writes to a repository.
 *
 * <p>Everything else in wb reads repositories through the read-only façade in {@code dev.wb.git}.
 * This package runs git steps that a {@code wb git … --execute} call computed and printed:
 * {@link dev.wb.gitrun.GitStepPolicy} decides which arguments may run at all,
 * {@link dev.wb.gitrun.Precondition}s are read immediately before each step, and
 * {@link dev.wb.gitrun.GitRunner} runs the user's own {@code git} with exactly the printed
 * arguments ({@link dev.wb.gitrun.GitCommandText}), no shell, stopping the series at the first
 * refusal or failure. {@link dev.wb.gitrun.ScratchRepository} makes {@code wb demo}'s throwaway
 * repository, so that even wb's own demo writes through this module.
 *
 * <p>{@code WriteBoundaryTest} keeps it the only one: it reads the sources of every module and fails
 * when any other file starts a git that can write, or uses JGit's writing API.
 */
package dev.wb.gitrun;
