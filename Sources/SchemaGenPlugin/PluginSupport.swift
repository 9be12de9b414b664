import Foundation

/// What both plugins need: how contracts are recognised, and which files a target's configuration brings in.
/// (Plugins cannot share a library, so the command plugin has this file too, through a symbolic link.)
enum PluginSupport {
    /// A target's contracts are its `*.events.yaml` and `*.events.yml` files.
    static func isContract(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(".events.yaml") || name.hasSuffix(".events.yml")
    }

    /// The target's `schemagen.yaml`, as arguments for `schemagen` and as files a build depends on.
    struct TargetConfiguration {
        var arguments: [String]
        var inputFiles: [URL]
        /// The Swift targets of its `generate:` list (what a build compiles), in the tool's spelling.
        var swiftTargets: [String]
    }

    /// The output targets that are Swift code, which the build plugin generates, and the file each writes for a
    /// contract `name` (in the output's `Swift/` folder).
    static let swiftTargets = ["swift-client": ".swift", "swift-server": ".server.swift"]
    /// What a configuration without `generate:` builds.
    static let defaultSwiftTargets = ["swift-client"]

    /// The Swift files the tool writes for a contract `name` with `targets`, relative to the output folder.
    static func swiftFiles(for name: String, targets: [String]) -> [String] {
        targets.compactMap { swiftTargets[$0].map { "Swift/\(name)\($0)" } }
    }

    static func configuration(in directory: URL) -> TargetConfiguration {
        let file = directory.appending(path: "schemagen.yaml")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            return TargetConfiguration(arguments: ["--no-config"], inputFiles: [], swiftTargets: defaultSwiftTargets)
        }
        let listed = generateList(in: text)
        return TargetConfiguration(
            arguments: ["--config", file.path(percentEncoded: false)],
            inputFiles: [file] + templateFiles(named: text, relativeTo: directory),
            swiftTargets: listed.map { $0.filter { swiftTargets[$0] != nil } } ?? defaultSwiftTargets)
    }

    /// The targets of the top-level `generate:` key, written `generate: [a, b]` or as a block list, or `nil`
    /// without the key. (`schemagen` itself reports a malformed list when the command runs.)
    static func generateList(in configuration: String) -> [String]? {
        let lines = configuration.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("generate:") }) else { return nil }
        let inline = lines[start].dropFirst("generate:".count).trimmingCharacters(in: .whitespaces)
        func clean(_ item: some StringProtocol) -> String {
            item.trimmingCharacters(in: CharacterSet(charactersIn: "\"' \t\r"))
        }
        if inline.hasPrefix("[") {
            return inline.trimmingCharacters(in: CharacterSet(charactersIn: "[] \r")).split(separator: ",").map(clean)
                .filter { !$0.isEmpty }
        }
        var items: [String] = []
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("-") else {
                if trimmed.isEmpty { continue }
                break
            }
            items.append(clean(trimmed.dropFirst()))
        }
        return items
    }

    /// The files of the `templates:` folder named in a configuration, so editing an override regenerates.
    /// Reads just that one top-level key: plugins cannot use a YAML library.
    static func templateFiles(named configuration: String, relativeTo directory: URL) -> [URL] {
        for line in configuration.split(separator: "\n") where line.hasPrefix("templates:") {
            var value = line.dropFirst("templates:".count).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            let folder = value.hasPrefix("/") ? URL(filePath: value) : directory.appending(path: value)
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "mustache" }.sorted {
                $0.path < $1.path
            }
        }
        return []
    }

    /// The contracts under a target's directory, found on disk (a target that commits generated code excludes
    /// its contracts from the build, so they are not among its source files).
    static func contracts(under directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter(isContract).sorted { $0.path < $1.path }
    }
}
