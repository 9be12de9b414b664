import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// The drawn contracts' TypeScript compiled by `tsc` in strict mode (the options the TypeScript target's tests use),
/// and their guards run by Node on the frames: a frame the interpreter takes for event E passes E's guard and no
/// other guard of its direction; a frame it takes for no event passes none.
extension OracleRun {
    static let typeScriptOptions = [
        "--strict", "--target", "es2020", "--module", "commonjs", "--moduleResolution", "node",
        "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns", "--noFallthroughCasesInSwitch",
        "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--pretty", "false",
    ]

    mutating func checkTypeScript(
        files: [String: [GeneratedFile]], frames: [DrawnFrame], expectations: [Expectation], work: String,
        root: String
    ) throws {
        let folder = "\(work)/typescript"
        let inputs = try write(files, into: folder) { $0.hasSuffix(".ts") }
        let declarations = "\(root)/Tests/TypeScript/socket.io.d.ts"
        let compile = try Shell.run(
            ["tsc"] + Self.typeScriptOptions + ["--outDir", "\(folder)/js", declarations] + inputs, in: folder)
        var broken: Set<Int> = []
        if compile.status != 0 {
            var byContract: [String: [String]] = [:]
            for line in compile.output.split(separator: "\n") {
                guard let range = line.range(of: #"O[0-9]+[.]ts"#, options: .regularExpression) else { continue }
                byContract[String(line[range].dropLast(3)), default: []].append(String(line))
            }
            if byContract.isEmpty {
                findings.append(
                    Finding(check: "tsc runs", contract: "all", detail: String(compile.output.prefix(3000))))
                return
            }
            for (name, errors) in byContract.sorted(by: { $0.key < $1.key }) {
                broken.insert(Int(name.dropFirst())!)
                findings.append(
                    Finding(
                        check: "the TypeScript compiles under tsc --strict", contract: name,
                        detail: errors.prefix(6).joined(separator: "\n") + "\ncontract:\n"
                            + (cases.first { Self.contractName($0.index) == name }?.drawn.yaml ?? "")))
            }
        }

        // The guards: every contract not on Socket.IO has one per event's frame.
        var guardNames: [Int: [String: (guardName: String, direction: Direction)]] = [:]
        for item in cases where !broken.contains(item.index) {
            guard let contract = item.loaded.contract, !(contract.framing == .socketIO) else { continue }
            let context = TypeScriptTranslator().translate(contract, sourceFile: "\(item.drawn.name).yaml")
            var names: [String: (String, Direction)] = [:]
            for ((channel, event), frame) in zip(contract.allEvents, context.frames) {
                names["\(channel?.name ?? "")/\(event.wireName)"] = (frame.guardName, event.direction)
            }
            guardNames[item.index] = names
        }
        var lines: [String] = []
        var asked: [Int] = []
        for (index, frame) in frames.enumerated() where guardNames[frame.contract] != nil && frame.acknowledging == nil
        {
            lines.append("\(Self.contractName(frame.contract))\t\(String(decoding: frame.bytes, as: UTF8.self))")
            asked.append(index)
        }
        guard !asked.isEmpty else { return }
        try Shell.write(Self.guardRunner, to: "\(folder)/guards.js")
        try Shell.write(lines.joined(separator: "\n") + "\n", to: "\(folder)/frames.tsv")
        let run = try Shell.run(["node", "guards.js", "frames.tsv", "verdicts.txt"], in: folder)
        guard run.status == 0,
            let text = try? String(contentsOfFile: "\(folder)/verdicts.txt", encoding: .utf8)
        else {
            findings.append(Finding(check: "the guards run", contract: "all", detail: String(run.output.prefix(3000))))
            return
        }
        let answers = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            Set($0.split(separator: ",").map(String.init))
        }
        var seen: Set<String> = []
        for (position, index) in asked.enumerated() where position < answers.count {
            let frame = frames[index]
            let expected = expectations[index]
            let names = guardNames[frame.contract]!
            let sender: Direction = frame.sentByClient ? .clientToServer : .serverToClient
            let sameSide = Set(
                names.values.filter { $0.direction == sender || $0.direction == .both }.map(\.guardName))
            let passed = answers[position].intersection(sameSide)
            var problem: String?
            if let event = expected.event, expected.accepted != ["unknown"] {
                let own = names["\(event.channel ?? "")/\(event.wireName)"]?.guardName ?? "?"
                if !passed.contains(own) {
                    problem = "the interpreter reads event '\(event.wireName)', whose guard \(own) refuses the frame"
                } else if passed.count > 1 {
                    problem =
                        "guards \(passed.sorted().joined(separator: ", ")) all pass the frame of '\(event.wireName)'"
                }
            } else if expected.event == nil, !passed.isEmpty {
                problem =
                    "the interpreter reads no event (\(expected.said)), but \(passed.sorted().joined(separator: ", ")) pass"
            }
            guard let problem, seen.insert("\(frame.contract) \(problem.prefix(40))").inserted else { continue }
            findings.append(
                Finding(
                    check: "the TypeScript guards and the interpreter agree",
                    contract: Self.contractName(frame.contract),
                    detail: """
                        frame (\(frame.sentByClient ? "from the app" : "from the server")): \
                        \(String(decoding: frame.bytes, as: UTF8.self))
                        made as: \(frame.origin)
                        \(problem)
                        contract:
                        \(cases.first { $0.index == frame.contract }?.drawn.yaml ?? "")
                        """))
        }
    }

    /// Node: each line names a compiled module and holds a frame; the answer is the guards that pass it.
    static let guardRunner = """
        // Written by schemagen-oracle: for each "module<TAB>frame" line, the names of the module's guards that pass it.
        const fs = require("fs");
        const lines = fs.readFileSync(process.argv[2], "utf8").split("\\n").filter((line) => line.length > 0);
        const modules = {};
        const out = [];
        for (const line of lines) {
          const tab = line.indexOf("\\t");
          const name = line.slice(0, tab);
          const module = modules[name] || (modules[name] = require("./js/" + name + ".js"));
          let frame;
          try { frame = JSON.parse(line.slice(tab + 1)); } catch (error) { out.push(""); continue; }
          out.push(Object.keys(module).filter((key) => /^is.*Frame$/.test(key) && module[key](frame)).join(","));
        }
        fs.writeFileSync(process.argv[3], out.join("\\n") + "\\n");

        """

    /// Every AsyncAPI document through `Tests/AsyncAPI/validate.py` (a third-party AsyncAPI 3.0 model, JSON Schema's
    /// meta-schema, and the rules the specification states in words).
    mutating func checkAsyncAPI(files: [String: [GeneratedFile]], work: String, root: String) throws {
        let folder = "\(work)/asyncapi"
        let inputs = try write(files, into: folder) { $0.hasPrefix("AsyncAPI/") }
        let run = try Shell.run(["python3", "\(root)/Tests/AsyncAPI/validate.py"] + inputs, in: folder)
        guard run.status != 0 else { return }
        var byContract: [String: [String]] = [:]
        for line in run.output.split(separator: "\n") {
            guard let range = line.range(of: #"/O[0-9]+[.]yaml"#, options: .regularExpression) else { continue }
            byContract[String(line[range].dropFirst().dropLast(5)), default: []].append(String(line.prefix(600)))
        }
        if byContract.isEmpty {
            findings.append(
                Finding(check: "the AsyncAPI validator runs", contract: "all", detail: String(run.output.prefix(3000))))
        }
        for (name, problems) in byContract.sorted(by: { $0.key < $1.key }) {
            findings.append(
                Finding(
                    check: "the AsyncAPI document is valid", contract: name,
                    detail: problems.prefix(4).joined(separator: "\n") + "\ncontract:\n"
                        + (cases.first { Self.contractName($0.index) == name }?.drawn.yaml ?? "")))
        }
    }

    /// The generated files of every contract whose path `matches`, written afresh into `folder`; their paths.
    func write(
        _ files: [String: [GeneratedFile]], into folder: String, where matches: (String) -> Bool
    ) throws
        -> [String]
    {
        try? FileManager.default.removeItem(atPath: folder)
        var paths: [String] = []
        for item in cases {
            for file in files[item.drawn.name] ?? [] where matches(file.relativePath) {
                let path = "\(folder)/\((file.relativePath as NSString).lastPathComponent)"
                try Shell.write(file.contents, to: path)
                paths.append(path)
            }
        }
        return paths
    }
}
