import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

extension OracleRun {
    /// `diff` judged by the wire: each contract against its rewrite (the same frames spelled another way) must show no
    /// break either way, and against its lossy change (a `Decimal` or `Int64` field read as `Double`) must name it.
    mutating func checkDiffRewrites() {
        let started = Date()
        var count = 0
        for item in cases {
            guard let original = item.loaded.contract else { continue }
            if let rewrite = item.drawn.rewrite, rewrite != item.drawn.yaml {
                count += 1
                let loaded = ContractLoader().load(text: rewrite, path: "\(item.drawn.name).yaml")
                guard let rewritten = loaded.contract else {
                    findings.append(
                        Finding(
                            check: "an equivalent rewrite lints", contract: item.drawn.name,
                            detail: Self.render(loaded.diagnostics.filter { $0.severity == .error })
                                + "\nrewrite:\n\(rewrite)"))
                    continue
                }
                for (old, new, direction) in [(original, rewritten, "to"), (rewritten, original, "from")] {
                    let breaking = ContractDiffer(old: old, new: new, file: "\(item.drawn.name).yaml").changes()
                        .filter(\.isBreaking)
                    guard !breaking.isEmpty else { continue }
                    findings.append(
                        Finding(
                            check: "diff finds no break between contracts that read and write the same frames",
                            contract: item.drawn.name,
                            detail: """
                                \(breaking.count) breaking changes \(direction) the rewrite, first: \
                                \(breaking.prefix(3).map { $0.summary.markdown }.joined(separator: "; "))
                                contract:
                                \(item.drawn.yaml)
                                rewrite:
                                \(rewrite)
                                """))
                    break
                }
            }
            if let lossy = item.drawn.lossy, let changed = ContractLoader().load(text: lossy, path: "x.yaml").contract {
                count += 1
                let changes = ContractDiffer(old: original, new: changed, file: "\(item.drawn.name).yaml").changes()
                if !changes.contains(where: { $0.kind == .typePrecisionLost }) {
                    findings.append(
                        Finding(
                            check: "diff names a lossy type change", contract: item.drawn.name,
                            detail: """
                                a Decimal or Int64 field read as Double; diff said: \
                                \(changes.map { "\($0.kind): \($0.summary.markdown)" }.joined(separator: "; "))
                                contract:
                                \(item.drawn.yaml)
                                """))
                }
            }
        }
        rewritesChecked = count
        stageSeconds.append(("diff of equivalent and lossy rewrites", Date().timeIntervalSince(started)))
    }
}
