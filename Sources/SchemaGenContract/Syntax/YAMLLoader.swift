import Foundation
import Yams

/// Reads a contract file into a located ``SyntaxNode`` tree, turning every way a file can be broken into
/// a located diagnostic instead of a crash.
package struct YAMLLoader: Sendable {
    /// Larger files are refused before parsing. A contract of 10,000 events is about 3 MB.
    package static let maximumFileSize = 8 * 1024 * 1024
    /// libyaml's own nesting limit, which the error message quotes.
    package static let maximumNestingDepth = 1000
    /// Duplicate keys are recovered from one by one; past this many the file is reported as is.
    package static let maximumDuplicateRecoveries = 200

    package init() {}

    /// The result of loading: a tree when the YAML could be read, and what went wrong either way.
    package struct Result: Sendable {
        package var source: SourceText?
        package var root: SyntaxNode?
        package var diagnostics: [Diagnostic]
    }

    /// Loads the file at `path` (shown in diagnostics as given).
    package func load(path: String) -> Result {
        let data: Data
        do {
            if case .file(let size) = try FileSystem.kind(of: path), size > Self.maximumFileSize {
                return failure(
                    .error(Self.tooLargeMessage(size: size), at: SourceLocation(path: path, line: 1, column: 1)))
            }
            data = try FileSystem.read(path, limit: Self.maximumFileSize)
        } catch {
            return failure(.error("'\(path)' \(error.reason)", at: .file(path)))
        }
        return load(data: data, path: path)
    }

    /// Loads contract bytes; `path` is what diagnostics call the file.
    package func load(data: Data, path: String) -> Result {
        let start = SourceLocation(path: path, line: 1, column: 1)
        if data.count > Self.maximumFileSize {
            return failure(.error(Self.tooLargeMessage(size: data.count), at: start))
        }
        guard let decoded = String(validating: data, as: UTF8.self) else {
            return failure(
                .error(
                    "the file is not UTF-8 text (\(Self.describeInvalidUTF8(in: data))); a contract is a YAML text file saved as UTF-8",
                    at: Self.locationOfInvalidUTF8(in: data, path: path)))
        }
        let text = decoded.hasPrefix("\u{FEFF}") ? String(decoded.dropFirst()) : decoded
        return load(text: text, path: path)
    }

    /// Loads contract text; `path` is what diagnostics call the file.
    package func load(text: String, path: String) -> Result {
        let source = SourceText(path: path, text: text)
        let start = source.location(line: 1, column: 1)
        if text.utf8.count > Self.maximumFileSize {
            return Result(
                source: source, root: nil, diagnostics: [.error(Self.tooLargeMessage(size: text.utf8.count), at: start)]
            )
        }
        if let control = Self.firstForbiddenControlCharacter(in: source) {
            return Result(
                source: source, root: nil,
                diagnostics: [
                    .error(
                        "the file contains the control character U+\(String(format: "%04X", control.value)), which YAML does not allow; is this a binary file?",
                        at: control.location)
                ])
        }
        return loadWithYams(source: source)
    }

    /// Yams composes the whole YAML language and reports its errors; the loader recovers from duplicate keys one by
    /// one.
    package func loadWithYams(source: SourceText) -> Result {
        let text = source.text, path = source.path
        let start = source.location(line: 1, column: 1)
        var parseText = text
        var duplicates: [SourceLocation: DuplicateKey] = [:]
        for _ in 0...Self.maximumDuplicateRecoveries {
            do {
                guard let node = try Yams.compose(yaml: parseText, .basic) else {
                    return Result(
                        source: source, root: nil,
                        diagnostics: [
                            .error(
                                "the file is empty; a contract starts with `schemagen: 1` and a `name:` (see docs/contract-format.md)",
                                at: start)
                        ])
                }
                var converter = NodeConverter(
                    source: source, duplicates: duplicates, budget: 2 * text.utf8.count + 1000)
                guard let root = converter.convert(node) else {
                    return Result(
                        source: source, root: nil,
                        diagnostics: [
                            .error(
                                "the document expands to more nodes than its text holds, through YAML aliases; contracts do not need aliases that deep",
                                at: start)
                        ])
                }
                return Result(source: source, root: root, diagnostics: [])
            } catch let YamlError.duplicatedKeysInMapping(keys, context) {
                let first = source.location(line: context.mark.line, column: context.mark.column)
                guard let key = keys.first,
                    let recovered = DuplicateKeyLocator(source: SourceText(path: path, text: parseText))
                        .secondOccurrence(of: key, firstAt: first)
                else {
                    return Result(
                        source: source, root: nil,
                        diagnostics: [
                            .error(
                                "duplicate key '\(keys.first ?? "")' in one mapping; keys must be unique, so remove or rename one of them",
                                at: first)
                        ])
                }
                duplicates[recovered] = DuplicateKey(text: key, first: first)
                parseText = DuplicateKeyLocator.replacingKey(
                    in: parseText, at: recovered, length: key.unicodeScalars.count,
                    uniqueIndex: duplicates.count)
            } catch let error as YamlError {
                return Result(
                    source: source, root: nil, diagnostics: [YAMLErrorTranslator(source: source).diagnostic(for: error)]
                )
            } catch {
                return Result(
                    source: source, root: nil, diagnostics: [.error("cannot parse the file: \(error)", at: start)])
            }
        }
        return Result(
            source: source, root: nil,
            diagnostics: [
                .error(
                    "more than \(Self.maximumDuplicateRecoveries) duplicate keys; is this file generated by mistake?",
                    at: start)
            ])
    }

    private func failure(_ diagnostic: Diagnostic) -> Result {
        Result(source: nil, root: nil, diagnostics: [diagnostic])
    }

    package static func tooLargeMessage(size: Int) -> String {
        let megabytes = String(format: "%.1f", Double(size) / 1_048_576)
        return
            "the file is \(megabytes) MiB, over the \(maximumFileSize / 1_048_576) MiB limit for one contract; split the API into several contracts"
    }

    /// YAML forbids C0 control characters other than tab, line feed and carriage return, and DEL.
    /// Checked up front so binary files get a clear message rather than libyaml's reader error.
    package static func firstForbiddenControlCharacter(
        in source: SourceText
    ) -> (value: UInt32, location: SourceLocation)? {
        // Bytes first: in UTF-8 a control character is always a byte of its own (every byte of a longer scalar is
        // 0x80 or more), so a clean file, nearly every file, is checked without decoding scalars (a fifth as long).
        // On the buffer rather than through `String.UTF8View`'s iterator: seven times fewer instructions per byte.
        let hasControlByte = source.text.withUTF8Bytes { bytes in
            !bytes.isPrintableASCIILines
                && bytes.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
        }
        guard hasControlByte else { return nil }
        var line = 1, column = 1
        for scalar in source.text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0x7F {
                return (value, source.location(line: line, column: column))
            }
            if value == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return nil
    }

    private static func invalidUTF8Offset(in data: Data) -> Int {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            offset += UTF8.width(scalar)
        }
        return offset
    }

    package static func describeInvalidUTF8(in data: Data) -> String {
        "byte \(invalidUTF8Offset(in: data)) is not valid UTF-8"
    }

    package static func locationOfInvalidUTF8(in data: Data, path: String) -> SourceLocation {
        SourceText.location(ofUTF8Offset: invalidUTF8Offset(in: data), in: data, path: path)
    }
}

/// A key that repeats an earlier key of its mapping, found and set aside by the loader.
package struct DuplicateKey: Sendable {
    package var text: String
    package var first: SourceLocation
}
