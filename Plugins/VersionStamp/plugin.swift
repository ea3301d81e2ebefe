import Foundation
import PackagePlugin

/// Stamps the target it is applied to with the commit it is built from: a generated
/// `BuildCommit.swift` holding `let buildCommit = "7dd77a5"` (`hotels --version`), or
/// `"unknown"` outside a git checkout (a source archive) or where git cannot be run.
///
/// A build command, not a prebuild one: a prebuild command runs on every build, and
/// rewriting the file each time would recompile the target on every build. This one runs
/// when its inputs change: the checkout's `HEAD` (a checkout of another branch or commit),
/// the ref it names and `logs/HEAD` (every commit, reset or checkout appends a line), so a
/// new commit rebuilds the stamp and nothing else does.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommit.swift")
        // $1: the package folder, $2: the file to write. Anything but a hex commit (no git,
        // not a checkout, a "dubious ownership" refusal) is "unknown"; so is a package
        // unpacked inside some other checkout, which has no .git of its own.
        let script = """
            commit=unknown
            if [ -e "$1/.git" ]; then commit=$(git -C "$1" rev-parse --short HEAD 2>/dev/null) || commit=unknown; fi
            case "$commit" in ''|*[!0-9a-f]*) commit=unknown ;; esac
            {
              echo '// Generated at build time by Plugins/VersionStamp: the commit this build was made from.'
              echo "let buildCommit = \\"$commit\\""
            } > "$2"
            """
        return [
            .buildCommand(
                displayName: "Stamping \(target.name) with the commit it is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "version-stamp", package.path, output.path],
                inputFiles: Self.gitInputs(package: package),
                outputFiles: [output])
        ]
    }

    /// The files of the package's git checkout that change with its commit, those that
    /// exist: none outside git. `.git` is a folder in a clone, and a file naming the real
    /// folder (`gitdir: PATH`) in a worktree or a submodule.
    static func gitInputs(package: URL) -> [URL] {
        let files = FileManager.default
        let dotGit = package.appendingPathComponent(".git")
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return [] }
        var gitFolder = dotGit
        if !isFolder.boolValue {
            guard let pointer = Self.firstLine(of: dotGit), pointer.hasPrefix("gitdir:") else { return [] }
            let path = pointer.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            gitFolder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appendingPathComponent(path)
        }
        var inputs = [gitFolder.appendingPathComponent("HEAD"), gitFolder.appendingPathComponent("logs/HEAD")]
        // The branch HEAD names, when it is a loose ref: in the worktree's folder, or in the
        // repository's shared folder (`commondir`) for a worktree.
        if let head = Self.firstLine(of: gitFolder.appendingPathComponent("HEAD")), head.hasPrefix("ref:") {
            let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
            inputs.append(gitFolder.appendingPathComponent(ref))
            if let common = Self.firstLine(of: gitFolder.appendingPathComponent("commondir")) {
                let shared = common.hasPrefix("/") ? URL(fileURLWithPath: common) : gitFolder.appendingPathComponent(common)
                inputs.append(shared.appendingPathComponent(ref))
            }
        }
        return inputs.filter { files.fileExists(atPath: $0.path) }
    }

    private static func firstLine(of file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
