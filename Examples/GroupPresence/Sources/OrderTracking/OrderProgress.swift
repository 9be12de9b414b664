import Foundation

/// How far an order has come, from the events of its Supabase channel (`order:{order_id}`).
public struct OrderProgress: Equatable, Sendable {
    public var fraction: Double
    public var previewURLs: [URL]
    public var failure: String?

    public init(fraction: Double = 0, previewURLs: [URL] = [], failure: String? = nil) {
        self.fraction = fraction
        self.previewURLs = previewURLs
        self.failure = failure
    }

    /// The progress after `event`, as the guide's view model computes it.
    public func applying(_ event: OrderStatus.Order.ServerEvent) -> OrderProgress {
        var next = self
        switch event {
        case .uploadStarted: next.fraction = 0
        case .uploadCompleted: next.fraction = 0.25
        case .processingStarted: next.fraction = 0.5
        case .webhookImageProcessed: break
        case .downloadReady(let ready):
            next.fraction = 1
            next.previewURLs = ready.storageUrls
        case .processingFailed(let failed): next.failure = failed.error
        case .unknown: break
        }
        return next
    }
}
