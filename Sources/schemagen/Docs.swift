import ArgumentParser
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen docs`: the Markdown references, and the marked sections of hand-written guides.
struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write Markdown references and update the tables of hand-written guides.",
        discussion: """
            Writes <output>/Docs/<contract>.md for every contract. With --inject (or `inject` in schemagen.yaml), \
            replaces what stands between `<!-- schemagen:begin CONTRACT SECTION -->` and `<!-- schemagen:end -->` in \
            each guide with the generated section, and leaves every other byte of the guide as it was. CONTRACT is \
            the contract's name or file name; SECTION is client-to-server, server-to-client, channel:NAME, types or \
            wire-format. A guide with a marker problem is left untouched and the problem reported.
            """
    )

    @OptionGroup var options: GenerationOptions

    @Option(
        name: .long, parsing: .singleValue,
        help: "A guide whose marked sections to update (repeatable). Replaces `inject` of the configuration.")
    var inject: [String] = []

    func run() throws {
        var configuration = try options.configuration()
        if !inject.isEmpty { configuration.inject = inject }
        let generator = Generator(configuration: configuration)
        let result = try options.generate(generator, targets: [.docs])
        guard !result.hasErrors else {
            writeError("schemagen: nothing was written\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let report = try ReportPrinter.write(result, with: generator)
        ReportPrinter.print(report, result: result, output: configuration.output)
    }
}
