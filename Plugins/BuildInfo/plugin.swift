import Foundation
import PackagePlugin

/// The commit Habitat is built from, as `BuildInfo.commit` (the metrics' `habitat_build_info{commit}`): read with git
/// when the package is a git checkout, `unknown` otherwise (a source archive). It is made again when the checkout
/// moves to another commit (`.git/HEAD` or the branch's ref changes).
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let git = package.appending(path: ".git")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        // What says which commit is checked out: HEAD, and the branch's ref it names (or the packed refs).
        var inputs = [git.appending(path: "HEAD"), git.appending(path: "packed-refs")]
        if let head = try? String(contentsOf: inputs[0], encoding: .utf8), head.hasPrefix("ref: ") {
            inputs.append(git.appending(path: head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        inputs = inputs.filter { FileManager.default.fileExists(atPath: $0.path) }
        let script = """
            commit=$(git -C "$0" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            printf '%s\\n' '// Generated when building; do not edit.' '' 'enum BuildInfo {' \
                '    /// The commit this was built from (12 hex digits), or unknown.' "    static let commit = \\"$commit\\"" '}' > "$1"
            """
        return [
            .buildCommand(
                displayName: "Build info", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, package.path, output.path], inputFiles: inputs, outputFiles: [output])
        ]
    }
}
