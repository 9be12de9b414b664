import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime

/// The drawn contracts' Swift (client, server and `Mock`) compiled into one package with a reader per contract: the
/// generated decoders a client's and a server's core call, given each frame, saying what they made of it.
extension OracleRun {
    /// Compiles the package (a contract whose code does not compile is a finding, and is left out of a second
    /// build) and returns the readers' verdict on every frame, or nil when nothing compiled.
    mutating func compileAndRunSwift(
        files: [String: [GeneratedFile]], frames: [DrawnFrame], expectations: [Expectation], work: String
    ) throws -> [String]? {
        let package = "\(work)/swift"
        let sources = "\(package)/Sources/OracleDriver"
        let root = FileManager.default.currentDirectoryPath
        let identity = (root as NSString).lastPathComponent.lowercased()
        try Shell.write(
            """
            // swift-tools-version: 6.1
            // Written by schemagen-oracle: the drawn contracts' generated Swift and a reader per contract.
            import PackageDescription

            let package = Package(
                name: "OracleDriver",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: \(Self.swiftString(root)))],
                targets: [
                    .executableTarget(
                        name: "OracleDriver",
                        dependencies: [.product(name: "SchemaGenRuntime", package: \(Self.swiftString(identity)))])
                ]
            )

            """, to: "\(package)/Package.swift")

        var included = Set(cases.map(\.index))
        var keep: Set<String> = ["main.swift", "helpers.swift"]
        try Shell.write(RequestCalls.helpers, to: "\(sources)/helpers.swift")
        for item in cases {
            let name = item.drawn.name
            for file in files[name] ?? [] where file.relativePath.hasSuffix(".swift") {
                let fileName = (file.relativePath as NSString).lastPathComponent
                try Shell.write(file.contents, to: "\(sources)/\(fileName)")
                keep.insert(fileName)
            }
            guard let contract = item.loaded.contract else { continue }
            let client = files[name]?.first { $0.relativePath.hasSuffix("/\(name).swift") }?.contents ?? ""
            let server = files[name]?.first { $0.relativePath.hasSuffix("/\(name).server.swift") }?.contents ?? ""
            // What schemagen-mock sends in each scenario first: the driver waits for as many frames.
            let plays = ScenarioPlays.plays(of: contract)
            scenarioPlays[item.index] = plays
            var expected: [String: Int] = [:]
            for play in plays {
                let reference = ScenarioPlays.reference(contract, play)
                scenarioReferences["\(item.index)\t\(play.name)"] = reference
                expected[play.name] = reference?.count ?? 0
            }
            try Shell.write(
                Self.reader(of: contract, client: client, server: server) + "\n"
                    + ScenarioPlays.function(of: contract, plays: plays, expected: expected, server: server) + "\n",
                to: "\(sources)/\(name).reader.swift")
            keep.insert("\(name).reader.swift")
        }

        // A cached build description misses files added to the root package since (as Fuzz/run.sh and the
        // benchmarks found): forget it, the build itself stays cached.
        if let found = FileManager.default.enumerator(atPath: "\(package)/.build") {
            for case let path as String in found where path.hasSuffix("description.json") {
                try? FileManager.default.removeItem(atPath: "\(package)/.build/\(path)")
            }
        }
        for attempt in 0..<3 {
            let readers = cases.filter { included.contains($0.index) }.map { Self.contractName($0.index) }
            try Shell.write(Self.main(readers: readers), to: "\(sources)/main.swift")
            Shell.removeOthers(in: sources, ending: ".swift", keep: keep)
            let build = try Shell.run(
                ["swift", "build", "--package-path", package, "-Xswiftc", "-warnings-as-errors"], in: package)
            if build.status == 0 { break }
            // Which contracts' files the errors are in: those are findings, and leave the next build.
            var failing: [String: [String]] = [:]
            for line in build.output.split(separator: "\n") where line.contains(": error: ") {
                guard let range = line.range(of: #"/O[0-9]+[.]"#, options: .regularExpression) else { continue }
                let name = String(line[range].dropFirst().dropLast())
                failing[name, default: []].append(String(line))
            }
            guard !failing.isEmpty, attempt < 2 else {
                findings.append(
                    Finding(
                        check: "every target compiles", contract: "the driver",
                        detail: String(build.output.suffix(4000))))
                return nil
            }
            for (name, errors) in failing.sorted(by: { $0.key < $1.key }) {
                let index = Int(name.dropFirst())!
                included.remove(index)
                keep = keep.filter { !$0.hasPrefix("\(name).") }
                findings.append(
                    Finding(
                        check: "the Swift client, server and Mock compile (Swift 6, warnings as errors)",
                        contract: name,
                        detail: errors.prefix(6).joined(separator: "\n") + "\ncontract:\n"
                            + (cases.first { $0.index == index }?.drawn.yaml ?? "")))
            }
        }

        var input = Data()
        for frame in frames {
            let fields = [
                "\(frame.contract)", frame.sentByClient ? "c" : frame.isSynthesized ? "S" : "s",
                frame.deliveredOn ?? "", frame.bytes.base64EncodedString(), frame.acknowledging ?? "",
            ]
            input.append(Data((fields.joined(separator: "\t") + "\n").utf8))
        }
        let binary = try Shell.run(["swift", "build", "--package-path", package, "--show-bin-path"], in: package)
        let path = binary.output.split(separator: "\n").last.map(String.init) ?? ""
        // Every wait in the driver is bounded; this bounds the driver too, should one be missed.
        let limit = 900
        let run = try Shell.run(
            ["timeout", "--kill-after=10", "\(limit)", "\(path)/OracleDriver"], in: package, input: input)
        guard run.status == 0 else {
            findings.append(
                Finding(
                    check: "the generated readers run", contract: "the driver",
                    detail: run.status == 124 || run.status == 137
                        ? "did not finish within \(limit) seconds: \(String(run.output.suffix(3000)))"
                        : String(run.output.suffix(4000))))
            return nil
        }
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = lines.firstIndex(of: "== requests") ?? lines.endIndex
        let scenarioMarker = lines.firstIndex(of: "== scenarios") ?? lines.endIndex
        var verdicts = Array(lines[..<marker])
        compareScenarios(Array(lines[scenarioMarker...].dropFirst()), included: included)
        for line in lines[marker..<scenarioMarker].dropFirst() where !line.isEmpty && !line.hasSuffix(": ok") {
            let name = String(line.prefix { $0 != " " })
            guard let index = Int(name.dropFirst()), included.contains(index) else { continue }
            requestFailures += 1
            findings.append(
                Finding(
                    check: "every request gets its reply from the generated Mock", contract: name,
                    detail: line + "\ncontract:\n" + (cases.first { $0.index == index }?.drawn.yaml ?? "")))
        }
        requestsChecked += lines[marker..<scenarioMarker].dropFirst().filter { !$0.isEmpty }.count
        for (index, frame) in frames.enumerated() where !included.contains(frame.contract) {
            verdicts[index] = expectations[index].accepted.first ?? ""
        }
        return verdicts
    }

    /// The driver's plays of each scenario against `ContractMockServer`'s: the same frames, in the same order where
    /// the order is the scenario's alone.
    mutating func compareScenarios(_ lines: [String], included: Set<Int>) {
        for line in lines where !line.isEmpty {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let index = Int(parts[0].dropFirst()), included.contains(index),
                let play = scenarioPlays[index]?.first(where: { $0.name == parts[1] })
            else { continue }
            scenariosPlayed += 1
            let yaml = cases.first { $0.index == index }?.drawn.yaml ?? ""
            func finding(_ detail: String) {
                findings.append(
                    Finding(
                        check: "every scenario and request plays the same on the generated Mock and schemagen-mock",
                        contract: parts[0], detail: "'\(parts[1])': \(detail)\ncontract:\n\(yaml)"))
            }
            guard !parts[2].hasPrefix("error:"), !parts[2].hasPrefix("no case") else {
                finding("the generated Mock: \(parts[2])")
                continue
            }
            let generated = parts[2].split(separator: ",").compactMap { Data(base64Encoded: String($0)) }.map {
                entry -> String in
                // `channel[ ack N]<TAB>data`, the channel part as the oracle writes it.
                let tab = entry.firstIndex(of: UInt8(ascii: "\t")) ?? entry.endIndex
                return String(decoding: entry[..<tab], as: UTF8.self) + "\t"
                    + String(
                        ScenarioPlays.entry(
                            nil, nil, Data(entry[tab...].dropFirst()),
                            separator: cases.first { $0.index == index }?.loaded.contract?.separator
                        ).dropFirst())
            }
            guard let reference = scenarioReferences["\(index)\t\(parts[1])"] ?? nil else {
                finding("schemagen-mock's ContractMockServer did not finish it within 5 seconds")
                continue
            }
            let same = play.ordered ? generated == reference : generated.sorted() == reference.sorted()
            if !same {
                finding(
                    "the generated Mock sent\n    \(generated.joined(separator: "\n    "))\n"
                        + "schemagen-mock sent\n    \(reference.joined(separator: "\n    "))")
            }
        }
    }

    static func swiftString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A contract's reader: the frame parsed by the contract's framing, its scope found from its channel address (the
    /// frame's, else the one it was delivered on) by the channels' templates, then decoded by the scope's generated
    /// `decode` (the client's `ServerEvent`, the server's `ClientEvent`), as the cores call them.
    static func reader(of contract: Contract, client: String, server: String) -> String {
        let name = contract.name
        var cases: [String] = []
        func scope(_ events: [Event], key: String, type: String) {
            if events.contains(where: { $0.direction.isReceivedByClient }) {
                cases.append(
                    """
                        case (false, \(swiftString(key))):
                            let event = try \(type).ServerEvent.decode(parsed, decoder: decoder)
                            if case .unknown = event { return "unknown" }
                            return "ok"
                    """)
            }
            if events.contains(where: { $0.direction.isEmittedByClient }) {
                cases.append(
                    """
                        case (true, \(swiftString(key))):
                            _ = try \(type).Server.decode(parsed, decoder: decoder)
                            return "ok"
                    """)
            }
        }
        scope(contract.events, key: "", type: name)
        let roundTrips = contract.events.contains { $0.direction.isReceivedByClient }
        var templates: [String] = []
        for channel in contract.channels {
            scope(
                channel.events, key: channel.name, type: "\(name).\(SwiftName.typeName(forMember: channel.swiftName))")
            let parts = channel.address.segments.map { segment in
                switch segment {
                case .literal(let text): ".literal(\(swiftString(text)))"
                case .parameter: ".parameter"
                }
            }
            templates.append(
                "(\(swiftString(channel.name)), SchemaGenRuntime.ChannelTemplate([\(parts.joined(separator: ", "))])),")
        }
        // Each acknowledged event's arguments decoded as the generated method that awaits them (client or server)
        // decodes them.
        let acknowledgements = contract.allEvents.compactMap { channel, event -> String? in
            guard let ack = event.ack else { return nil }
            return """
                    case \(swiftString("\(channel?.name ?? "")/\(event.wireName)")):
                        _ = try decoder.decodeAcknowledgement(\(SwiftTranslator.acknowledgementType(of: ack, in: contract)).self, from: data, spread: \(contract.spreadsArguments(of: ack)), emptyIsNil: \(ack.acceptsNoArguments))
                """
        }
        return """
            // Written by schemagen-oracle.
            import Foundation
            @_spi(Generated) import SchemaGenRuntime

            private let templates\(name): [(String, SchemaGenRuntime.ChannelTemplate)] = [
            \(templates.isEmpty ? "    " : templates.map { "    " + $0 }.joined(separator: "\n"))
            ]

            \(RequestCalls.function(of: contract, client: client, server: server))

            \(roundTrips ? roundTrip(name, separator: contract.separator) : "func roundTrip\(name)(_ data: Data) async -> String { \"skip\" }")

            \(acknowledgements.isEmpty ? "func acknowledgement\(name)(_ data: Data, of event: String) -> String { \"unknown\" }" : """
            func acknowledgement\(name)(_ data: Data, of event: String) -> String {
                let decoder = SchemaGenRuntime.WireDecoder(dates: \(name).dateEncoding)
                do {
                    switch event {
            \(acknowledgements.joined(separator: "\n"))
                    default: return "unknown"
                    }
                    return "ok"
                } catch {
                    return "invalid"
                }
            }
            """)

            func read\(name)(_ data: Data, sentByClient: Bool, deliveredOn: String) -> String {
                let decoder = SchemaGenRuntime.WireDecoder(dates: \(name).dateEncoding)
                let parsed: SchemaGenRuntime.WireFraming.ParsedFrame
                do { parsed = try \(name).framing.parse(data) } catch { return "malformed" }
                var scope = ""
                if let address = parsed.channel ?? (deliveredOn.isEmpty ? nil : deliveredOn) {
                    guard let channel = templates\(name).first(where: { $0.1.values(in: address) != nil }) else {
                        return "unknown"
                    }
                    scope = channel.0
                }
                do {
                    switch (sentByClient, scope) {
            \(cases.joined(separator: "\n"))
                    default: return "unknown"
                    }
                } catch is SchemaGenRuntime.UnexpectedClientEvent {
                    return "unknown"
                } catch {
                    return "invalid"
                }
            }

            """
    }

    /// The round trip of a frame outside channels the client decoded: its event sent again by the contract's
    /// generated server (its `Mock`), read back, and compared with what was decoded. "ok", "skip" (not such a frame),
    /// or what went wrong.
    static func roundTrip(_ name: String, separator: FrameSeparator?) -> String {
        // With a separator the server writes a message of frames (each ends with 0x1E for `record-separator`): the
        // one frame is read out of it, as the client reads it.
        let message =
            separator.map {
                """
                let frames = SchemaGenRuntime.FrameSeparator(rawValue: \(swiftString($0.rawValue)))!.frames(in: message)
                        guard frames.count == 1, let again = frames.first else { return "the server sent \\(text), which is not one frame" }
                """
            } ?? "let again = message"
        return """
            private let roundTripMock\(name) = \(name).Mock()
            private let roundTripBox\(name): OracleBox = {
                let box = OracleBox()
                roundTripMock\(name).transport.connect().setReceiver { box.append($0.data) }
                return box
            }()

            func roundTrip\(name)(_ data: Data) async -> String {
                let decoder = SchemaGenRuntime.WireDecoder(dates: \(name).dateEncoding)
                guard let parsed = try? \(name).framing.parse(data), parsed.channel == nil,
                    let event = try? \(name).ServerEvent.decode(parsed, decoder: decoder)
                else { return "skip" }
                if case .unknown = event { return "skip" }
                let box = roundTripBox\(name)
                box.clear()
                do { try await roundTripMock\(name).send(event) } catch { return "the server could not send it: \\(error)" }
                guard let message = box.first else { return "the server sent nothing" }
                let text = String(decoding: message, as: UTF8.self)
                \(message)
                guard let reparsed = try? \(name).framing.parse(again) else { return "the server sent \\(text), which does not parse" }
                do {
                    let back = try \(name).ServerEvent.decode(reparsed, decoder: decoder)
                    return back == event ? "ok" : "the server sent \\(text), which reads as another value"
                } catch {
                    return "the server sent \\(text), which does not decode: \\(error)"
                }
            }
            """
    }

    static func main(readers: [String]) -> String {
        """
        // Written by schemagen-oracle: reads "contract<TAB>c|s|S<TAB>delivered on<TAB>base64 frame<TAB>acknowledged
        // event" lines (S: from the server as made from the contract's types; the last field set when the frame is
        // an acknowledgement's arguments), prints a verdict each.
        import Foundation

        let requests: [Int: @Sendable () async -> [String]] = [
        \(readers.isEmpty ? "    :" : readers.map { "    \($0.dropFirst()): requests\($0)," }.joined(separator: "\n"))
        ]

        let scenarios: [Int: @Sendable () async -> [String]] = [
        \(readers.isEmpty ? "    :" : readers.map { "    \($0.dropFirst()): scenarios\($0)," }.joined(separator: "\n"))
        ]

        let roundTrips: [Int: (Data) async -> String] = [
        \(readers.isEmpty ? "    :" : readers.map { "    \($0.dropFirst()): roundTrip\($0)," }.joined(separator: "\n"))
        ]

        let acknowledgements: [Int: (Data, String) -> String] = [
        \(readers.isEmpty ? "    :" : readers.map { "    \($0.dropFirst()): acknowledgement\($0)," }.joined(separator: "\n"))
        ]

        let readers: [Int: (Data, Bool, String) -> String] = [
        \(readers.isEmpty ? "    :" : readers.map { "    \($0.dropFirst()): read\($0)," }.joined(separator: "\n"))
        ]

        var output = ""
        let input = FileHandle.standardInput.readDataToEndOfFile()
        for line in input.split(separator: UInt8(ascii: "\\n")) {
            let parts = line.split(separator: UInt8(ascii: "\\t"), omittingEmptySubsequences: false)
            let contract = Int(String(decoding: parts[0], as: UTF8.self)) ?? -1
            let sentByClient = parts[1].first == UInt8(ascii: "c")
            let deliveredOn = String(decoding: parts[2], as: UTF8.self)
            let frame = Data(base64Encoded: Data(parts[3])) ?? Data()
            if parts.count > 4, !parts[4].isEmpty {
                output += (acknowledgements[contract]?(frame, String(decoding: parts[4], as: UTF8.self)) ?? "left out") + "\\n"
                continue
            }
            var verdict = readers[contract]?(frame, sentByClient, deliveredOn) ?? "left out"
            // The round trip of a frame as a server sends it (`S`): a mutant may hold what its encoding cannot write.
            if verdict == "ok", parts[1].first == UInt8(ascii: "S"), deliveredOn.isEmpty,
                let roundTrip = roundTrips[contract]
            {
                let trip = await roundTrip(frame)
                if trip != "ok" && trip != "skip" { verdict = "ok, but its round trip failed: " + trip }
            }
            output += verdict + "\\n"
        }
        // Every request of every contract against the contract's generated `Mock`, all at once.
        output += "== requests\\n"
        let answers = await withTaskGroup(of: [String].self) { group in
            for (_, calls) in requests { group.addTask { await calls() } }
            var lines: [String] = []
            for await some in group { lines += some }
            return lines.sorted()
        }
        output += answers.map { $0 + "\\n" }.joined()
        // Every scenario played on its contract's generated `Mock`, one after another (each sends to everyone).
        output += "== scenarios\\n"
        for contract in scenarios.keys.sorted() {
            output += await scenarios[contract]!().map { $0 + "\\n" }.joined()
        }
        FileHandle.standardOutput.write(Data(output.utf8))

        """
    }
}
