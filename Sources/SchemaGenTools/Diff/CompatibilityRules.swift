import SchemaGenContract
import SchemaGenGenerator
/// What each kind of contract change does to apps and servers running different versions of the contract.
///
/// All the rules live here, one per ``ChangeKind``, each stated in terms of who sends (encodes) a message and
/// who receives (decodes) it, because that is what decides whether a change breaks: a decoder rejects a
/// missing required field, ignores a field it does not know, and so on. docs/compatibility.md is this table
/// in prose, with an example per rule.
package enum CompatibilityRules {
    /// The assessment of one change for one skew, given which way the affected messages flow.
    /// `subject` names what a presence change is about when it is not a field (`payload`), or for a widened or
    /// narrowed type the values only the wider type holds; `unknownToApps` says an app reads those values as
    /// `unknown` (an enum's unlisted values) where a server is assumed to reject them.
    package static func assess(
        _ kind: ChangeKind, flow: Flow, skew: Skew, subject: String? = nil, unknownToApps: Bool = false
    ) -> Assessment {
        // In a skew, the app and the server each run one version; the flow decides who encodes.
        let senderIsNew = flow.senderIsApp ? skew.appIsNew : !skew.appIsNew
        let receiver = flow.senderIsApp ? "the server" : "the app"
        let sender = flow.senderIsApp ? "the app" : "the server"
        let receiverIsApp = !flow.senderIsApp
        switch kind {
        case .eventAdded:
            if senderIsNew {
                return receiverIsApp
                    ? .safe("the app receives an event it does not know; it arrives as `unknown` and is ignored")
                    : .breaks("the server receives an event it does not handle, so the action is lost")
            }
            return receiverIsApp
                ? .degrades("the app listens for an event the server does not send yet")
                : .safe("the server handles an event the app does not send yet")
        case .eventRemoved:
            if senderIsNew {
                return receiverIsApp
                    ? .breaks("the app waits for an event the server no longer sends")
                    : .safe("the app no longer sends an event the server still handles")
            }
            return receiverIsApp
                ? .safe("the app receives an event it no longer knows; it arrives as `unknown`")
                : .breaks("the app sends an event the server no longer handles, so the action is lost")
        case .payloadAdded:
            return senderIsNew
                ? .safe("\(receiver) ignores a payload it does not expect")
                : .breaks("\(receiver) expects a payload that \(sender) does not send")
        case .payloadRemoved:
            return senderIsNew
                ? .breaks("\(receiver) expects a payload that \(sender) no longer sends")
                : .safe("\(receiver) ignores the payload \(sender) still sends")
        case .fieldAddedRequired:
            return senderIsNew
                ? .safe("\(receiver) ignores a field it does not know")
                : .breaks("\(receiver) requires a field that \(sender) does not send")
        case .fieldAddedOptional:
            return .safe(
                senderIsNew ? "\(receiver) ignores a field it does not know" : "\(receiver) accepts the field's absence"
            )
        case .fieldRemovedRequired:
            return senderIsNew
                ? .breaks("\(receiver) requires a field that \(sender) no longer sends")
                : .safe("\(receiver) ignores the field \(sender) still sends")
        case .fieldRemovedOptional:
            return .safe(
                senderIsNew
                    ? "\(receiver) accepts the field's absence" : "\(receiver) ignores the field \(sender) still sends")
        case .fieldMadeOptional:
            return senderIsNew
                ? .breaks(
                    "\(sender) may leave out \(subject.map { "the \($0)" } ?? "a field") that \(receiver) requires")
                : .safe("\(receiver) accepts the \(subject ?? "field") with or without it")
        case .fieldMadeRequired:
            return senderIsNew
                ? .safe("\(sender) always sends the \(subject ?? "field")")
                : .breaks(
                    "\(receiver) requires \(subject.map { "the \($0)" } ?? "a field") that \(sender) may leave out")
        case .fieldMadeNullable:
            return senderIsNew
                ? .breaks("\(sender) may send `null` where \(receiver) requires a value")
                : .safe("\(receiver) accepts a value or `null`")
        case .fieldMadeNonNullable:
            return senderIsNew
                ? .safe("\(sender) always sends a value")
                : .breaks("\(sender) may send `null` where \(receiver) now requires a value")
        case .unionMemberAdded:
            return senderIsNew
                ? .breaks("\(sender) may send a value of the new kind, which \(receiver) cannot decode")
                : .safe("\(receiver) reads every kind \(sender) sends")
        case .unionMemberRemoved:
            return senderIsNew
                ? .safe("\(sender) no longer sends that kind")
                : .breaks("\(sender) may send a value of the removed kind, which \(receiver) cannot decode")
        // The requester (the event's sender) waits; the answerer (its receiver) answers.
        case .replyAdded:
            return senderIsNew
                ? .breaks("\(sender) waits for a reply \(receiver) does not send, until the request times out")
                : .safe("\(sender) does not wait for the reply \(receiver) now sends; it reaches its listeners")
        case .replyRemoved:
            return senderIsNew
                ? .safe("\(sender) no longer waits for the reply \(receiver) still sends")
                : .breaks("\(sender) waits for a reply \(receiver) no longer sends, until the request times out")
        case .replyChanged:
            return .breaks("the app and the server answer requests with different events, so requests time out")
        case .correlationChanged:
            return .breaks("the app and the server match replies to requests by different fields, so requests time out")
        // Only the app's requests have a cancel event, and only the app sends it.
        case .replyCancelChanged:
            return .degrades(
                skew.appIsNew
                    ? "the old server is not told, or not in the way it knows, when the new app gives up a call: it goes on with the request, and the late reply reaches the app's failure handler"
                    : "the old app does not tell the new server, or not in the way it knows, when it gives up a call: the server goes on with the request, and the late reply reaches the app's failure handler"
            )
        case .correlationValuesChanged:
            return .safe("\(receiver) echoes the value \(sender) chooses, however it is chosen")
        case .subscriptionAdded:
            return skew.appIsNew
                ? .degrades(
                    "the new app streams events tied to the subscription's id, which the old server may not tie or send"
                )
                : .safe("the old app does not stream the subscription; its events reach listeners")
        case .subscriptionRemoved:
            return skew.appIsNew
                ? .safe("the new app no longer streams the subscription")
                : .degrades(
                    "the old app streams events the new server no longer ties to the subscription, and may send a cancel it ignores"
                )
        case .subscriptionChanged:
            return .breaks("the app and the server tie events to the subscription, end or cancel it differently")
        case .ackAdded:
            return senderIsNew
                ? .breaks("\(sender) waits for an acknowledgement \(receiver) does not send, until the call times out")
                : .safe("\(receiver) acknowledges, and \(sender) asks for nothing")
        case .ackRemoved:
            return senderIsNew
                ? .safe("\(sender) no longer asks for the acknowledgement")
                : .breaks(
                    "\(sender) waits for an acknowledgement \(receiver) no longer sends, until the call times out")
        case .flagAdded:
            return senderIsNew
                ? .degrades("\(receiver) keeps the new bit but cannot act on it")
                : .safe("\(receiver) knows every flag \(sender) sends")
        case .flagRemoved:
            return senderIsNew
                ? .safe("\(sender) no longer sets the bit")
                : .degrades("\(receiver) keeps the bit but no longer names it")
        case .typeChanged:
            return .breaks("\(receiver) cannot decode the value \(sender) writes in the other type")
        // Widened: the new type reads every value of the old one (`Int` to `Double`, `Date` to `String`, anything to
        // `JSON`); narrowed: the reverse. Without `subject`, the values only the wider type holds are fractions.
        case .typeWidened, .typeNarrowed:
            // Whether the sender may send values the receiver's type does not hold.
            let sendsExtraValues = (kind == .typeWidened) == senderIsNew
            guard let values = subject else {
                return sendsExtraValues
                    ? .breaks("\(sender) may send fractions that \(receiver) cannot read as a whole number")
                    : .safe(
                        kind == .typeWidened
                            ? "\(receiver) reads whole numbers as numbers"
                            : "\(sender) sends whole numbers, which \(receiver) reads as numbers")
            }
            if !sendsExtraValues { return .safe("\(receiver) reads every value \(sender) sends") }
            if unknownToApps, receiverIsApp {
                return .degrades("the server may send \(values), which the app reads as `unknown`")
            }
            return .breaks("\(sender) may send \(values), which \(receiver) cannot read")
        // A number held with fewer significant digits (`Decimal` or `Int64` to `Double`): both still read every JSON
        // number, so nothing fails to decode, but digits past a `Double`'s 15-17 are rounded away.
        case .typePrecisionLost:
            return .degrades(
                senderIsNew
                    ? "\(sender) now holds the number as a `Double`, so digits past its 15–17 significant ones are lost before it is sent"
                    : "\(receiver) rounds the numbers \(sender) sends to a `Double`'s 15–17 significant digits")
        case .typePrecisionGained:
            return senderIsNew
                ? .degrades(
                    "\(receiver) rounds the numbers \(sender) now sends in full to a `Double`'s 15–17 significant digits"
                )
                : .safe("\(receiver) reads every number \(sender) sends, exactly")
        case .constantAdded:
            return senderIsNew
                ? .safe("\(sender) always sends the value \(receiver) accepts")
                : .breaks("\(receiver) now rejects every value but the constant, which \(sender) need not send")
        case .constantRemoved:
            return senderIsNew
                ? .breaks("\(sender) may send values other than the constant \(receiver) checks")
                : .safe("\(receiver) accepts any value, the constant included")
        case .constantChanged:
            return .breaks("\(receiver) checks a constant that differs from the one \(sender) sends")
        case .enumValueAdded:
            if !senderIsNew { return .safe("\(receiver) knows every value \(sender) sends") }
            return receiverIsApp
                ? .degrades(
                    "the app receives a value it does not know; generated enums decode it as `unknown`, so nothing fails, but the app cannot act on it"
                )
                : .breaks("the server receives a value it does not know")
        case .enumValueRemoved:
            if senderIsNew { return .safe("\(sender) no longer sends the value") }
            return receiverIsApp
                ? .degrades("the app receives a value it no longer lists; generated enums decode it as `unknown`")
                : .breaks("the server receives a value it no longer accepts")
        case .channelAddressChanged:
            return .breaks("the app and the server use different channel addresses, so no event on the channel arrives")
        case .framingChanged:
            return .breaks("the app and the server frame events differently, so no event is understood")
        case .dateEncodingChanged:
            return .breaks("\(receiver) reads dates in another format than \(sender) writes")
        case .dateEncodingVariant:
            return .safe("ISO 8601 dates are read with or without fractional seconds")
        case .documentation:
            return .safe("documentation only")
        case .swiftAPI:
            return .safe(
                "the wire is unchanged; the generated Swift API changes, so app code that uses it needs an edit")
        }
    }
}

/// Which way the messages a change affects travel.
package enum Flow: String, Hashable, Sendable, Codable, CaseIterable {
    case serverToClient = "server-to-client"
    case clientToServer = "client-to-server"

    package var senderIsApp: Bool { self == .clientToServer }

    /// The flows of an event sent in `direction`.
    package static func of(_ direction: Direction) -> Set<Flow> {
        switch direction {
        case .clientToServer: [.clientToServer]
        case .serverToClient: [.serverToClient]
        case .both: [.clientToServer, .serverToClient]
        }
    }
}

/// The two ways the app and the server can run different versions of a contract.
package enum Skew: String, Hashable, Sendable, Codable, CaseIterable {
    /// The server deployed the new contract; apps already in users' hands still run the old one.
    case oldAppNewServer = "old-app-new-server"
    /// A new app was released before the server deployed the new contract.
    case newAppOldServer = "new-app-old-server"

    package var appIsNew: Bool { self == .newAppOldServer }
}

/// How bad a change is for one skew.
package enum Verdict: String, Hashable, Sendable, Codable, Comparable {
    /// Nothing fails.
    case safe
    /// Nothing fails, but something is missing or cannot be acted on (an unknown enum value, an event not sent yet).
    case degrades
    /// Messages fail to decode or are lost.
    case breaks

    private var rank: Int {
        switch self {
        case .safe: 0
        case .degrades: 1
        case .breaks: 2
        }
    }

    package static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
}

/// A verdict and why.
extension ChangeKind {
    /// Whether the change takes something away, so where it was is found in the old version.
    package var isRemoval: Bool {
        [
            .eventRemoved, .payloadRemoved, .fieldRemovedRequired, .fieldRemovedOptional, .replyRemoved,
            .subscriptionRemoved, .ackRemoved,
            .constantRemoved,
        ].contains(self)
    }
}

extension CompatibilityRules {
    /// For a change that breaks a skew: the safe rollout, in one line; `nil` when nothing breaks.
    package static func rollout(_ kind: ChangeKind, oldAppNewServer: Verdict, newAppOldServer: Verdict) -> ChangePhrase?
    {
        let oldAppsBreak = oldAppNewServer == .breaks, newAppsBreak = newAppOldServer == .breaks
        switch (kind, oldAppsBreak, newAppsBreak) {
        case (_, false, false):
            return nil
        case (.fieldRemovedRequired, true, false):
            return
                "two steps: make the field optional and ship apps built with that; remove it once the apps that require it are gone"
        case (.fieldAddedRequired, true, false):
            return
                "two steps: add the field as optional and deploy; make it required once the apps that do not send it are gone"
        case (.eventRemoved, true, false):
            return
                "two steps: deprecate the event and ship apps that do without it; remove it once the apps that use it are gone"
        case (.fieldAddedRequired, false, true), (.eventAdded, false, true):
            return "deploy the server first, then ship the app that needs it"
        case (_, true, false):
            return
                "keep the server on the old form until the apps that use it are gone: ship the app first, deploy the server after (or accept both forms meanwhile)"
        case (_, false, true):
            return "deploy the server first, then ship the app"
        case (_, true, true):
            return
                "two steps: add the new form beside the old one on both sides and deploy; remove the old form once every app and server has moved"
        }
    }
}

package struct Assessment: Hashable, Sendable, Codable {
    package var verdict: Verdict
    package var reason: ChangePhrase

    package static func safe(_ reason: ChangePhrase) -> Assessment { Assessment(verdict: .safe, reason: reason) }
    package static func degrades(_ reason: ChangePhrase) -> Assessment {
        Assessment(verdict: .degrades, reason: reason)
    }
    package static func breaks(_ reason: ChangePhrase) -> Assessment { Assessment(verdict: .breaks, reason: reason) }
}

/// Every kind of change `schemagen diff` tells apart. The raw value is the stable id in JSON output.
package enum ChangeKind: String, Hashable, Sendable, Codable, CaseIterable {
    case eventAdded = "event-added"
    case eventRemoved = "event-removed"
    case payloadAdded = "payload-added"
    case payloadRemoved = "payload-removed"
    case fieldAddedRequired = "field-added-required"
    case fieldAddedOptional = "field-added-optional"
    case fieldRemovedRequired = "field-removed-required"
    case fieldRemovedOptional = "field-removed-optional"
    case fieldMadeOptional = "field-made-optional"
    case fieldMadeRequired = "field-made-required"
    case fieldMadeNullable = "field-made-nullable"
    case fieldMadeNonNullable = "field-made-non-nullable"
    case unionMemberAdded = "union-member-added"
    case unionMemberRemoved = "union-member-removed"
    case replyAdded = "reply-added"
    case replyRemoved = "reply-removed"
    case replyChanged = "reply-changed"
    case correlationChanged = "reply-correlation-changed"
    case replyCancelChanged = "reply-cancel-changed"
    case correlationValuesChanged = "reply-ids-changed"
    case subscriptionAdded = "subscription-added"
    case subscriptionRemoved = "subscription-removed"
    case subscriptionChanged = "subscription-changed"
    case ackAdded = "ack-added"
    case ackRemoved = "ack-removed"
    case flagAdded = "flag-added"
    case flagRemoved = "flag-removed"
    case typeChanged = "type-changed"
    case typeWidened = "type-widened"
    case typeNarrowed = "type-narrowed"
    case typePrecisionLost = "type-precision-lost"
    case typePrecisionGained = "type-precision-gained"
    case constantAdded = "constant-added"
    case constantRemoved = "constant-removed"
    case constantChanged = "constant-changed"
    case enumValueAdded = "enum-value-added"
    case enumValueRemoved = "enum-value-removed"
    case channelAddressChanged = "channel-address-changed"
    case framingChanged = "framing-changed"
    case dateEncodingChanged = "date-encoding-changed"
    case dateEncodingVariant = "date-encoding-variant"
    case documentation = "documentation"
    case swiftAPI = "swift-api"
}
