import Foundation
import SchemaGenRuntime

extension Date {
    /// 2025-01-31T09:30:00Z
    static let fixture = Date(timeIntervalSince1970: 1_738_315_800)
}
