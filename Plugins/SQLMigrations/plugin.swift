import Foundation
import PackagePlugin

/// PostgreSQL's schema, `Data/postgresql/NNNN-name.sql`, as Swift string literals of `Migrations.files` when
/// HabitatPostgres builds: the binary needs no files beside it, and each SQL file stays the one place its statements
/// are written. Wrapped by the shell, as the word lists are, so no tool of ours is built first.
@main
struct SQLMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Data").appending(path: "postgresql")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted().map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "MigrationFiles.swift")
        let script = """
            {
              printf '%s\\n' '// Generated when building, from Data/postgresql/*.sql; do not edit.' '' 'extension Migrations {'
              printf '%s\\n' '    /// The files of Data/postgresql, in the order of their names, as they are there.' '    static let files: [File] = ['
              for file in "$@"; do
                printf '        File(name: "%s", sql: #\"\"\"\\n' "$(basename "$file")"
                sed 's/^/            /' "$file"
                printf '%s\\n' '            \"\"\"#),'
              done
              printf '%s\\n' '    ]' '}'
            } > "$0"
            """
        return [
            .buildCommand(
                displayName: "PostgreSQL migrations", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, output.path] + files.map(\.path), inputFiles: files, outputFiles: [output])
        ]
    }
}
