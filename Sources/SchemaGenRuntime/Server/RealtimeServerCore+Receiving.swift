import Foundation

/// The server core's receiving: routing each frame from a connection to its scope's listeners and responders, or reporting it.
extension RealtimeServerCore {
    /// Handles one transport event. Transports call this through the receiver set at init.
    public func receive(_ event: ServerTransportEvent) {
        switch event {
        case .connected(let connection):
            let handlers = lock.withLock {
                if connections[connection] == nil {
                    connections[connection] = Membership(pending: PendingReplies(limit: maximumPendingRequests))
                }
                return connectHandlers
            }
            for entry in handlers { entry.handler(connection) }
        case .frame(let frame, let connection):
            receive(frame, from: connection)
        case .subscribed(let connection, let channel):
            subscribe(connection, to: channel)
        case .unsubscribed(let connection, let channel):
            unsubscribe(connection, from: channel)
        case .disconnected(let connection, let reason):
            let (membership, handlers) = lock.withLock {
                let membership = connections.removeValue(forKey: connection)
                for group in membership?.groups ?? [] {
                    groups[group]?.remove(connection)
                    if groups[group]?.isEmpty == true { groups[group] = nil }
                }
                for channel in membership?.channels ?? [] {
                    subscribers[channel]?.remove(connection)
                    if subscribers[channel]?.isEmpty == true { subscribers[channel] = nil }
                }
                return (membership, disconnectHandlers)
            }
            guard let membership else { return }
            membership.pending.failAll(RequestFailure.connectionLost(reason: reason))
            for entry in handlers { entry.handler(connection, reason) }
        }
    }

    func receive(_ incoming: IncomingFrame, from connection: ServerConnection) {
        if let id = incoming.acknowledges {
            return receiveAcknowledgement(incoming, id: id, from: connection)
        }
        if let separator {
            let frames = separator.incomingFrames(of: incoming)
            if frames.isEmpty {
                return report(
                    IncomingFailure(
                        eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                        reason: .malformedFrame(.init(reason: "the message holds no frame"))), from: connection)
            }
            return frames.forEach { receiveFrame($0, from: connection) }
        }
        receiveFrame(incoming, from: connection)
    }

    /// The answer a template gives to `route` on `channel`, bound to the channel's address and values; the caller holds
    /// the lock.
    private func templateResponder(_ route: String, _ channel: String?) -> ServerResponder? {
        guard let channel, let entries = templateResponders[route] else { return nil }
        for entry in entries {
            guard let values = entry.template.values(in: channel) else { continue }
            let respond = entry.respond
            return { connection, frame, decoder, ackID in
                try respond(connection, channel, values, frame, decoder, ackID)
            }
        }
        return nil
    }

    func receiveFrame(_ incoming: IncomingFrame, from connection: ServerConnection) {
        let parsed: WireFraming.ParsedFrame
        do {
            parsed = try framing.parse(incoming.data)
        } catch {
            return report(
                IncomingFailure(
                    eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                    reason: .malformedFrame(error)), from: connection)
        }
        let channel = parsed.channel ?? incoming.channel
        let key = routeKey(parsed.route, channel)
        let (handlers, responder, routing, pending, hasScope, templated) = lock.withLock {
            let scope = scope(for: channel), handlers = listeners[key] ?? [],
                responder = (responders.isEmpty ? nil : responders[key]) ?? templateResponder(parsed.route, channel)
            return (
                handlers, responder, scope?.routing ?? (handlers.isEmpty && responder == nil ? scope?.check : nil),
                connections[connection]?.pending,
                scope != nil, channel == nil || templateListeners.isEmpty ? [] : templateListeners[parsed.route] ?? []
            )
        }
        let across =
            channel.map { address in
                templated.compactMap { entry in entry.template.values(in: address).map { (entry.handler, address, $0) }
                }
            } ?? []
        // An answer to the server's own request, from this connection; it still reaches the route's listeners.
        let delivery = pending?.deliver(parsed, channel: channel)
        if case .unexpected(let correlation) = delivery {
            report(
                IncomingFailure(
                    eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data,
                    rawPayload: parsed.payload,
                    reason: .unexpectedReply(correlation: correlation)), from: connection)
        }
        // A channel the server made no scope for, where nothing else waits either: said, not dropped unseen.
        let isReply =
            switch delivery {
            case .answered?, .unexpected?: true;
            case .notAReply?, nil: false
            }
        if !hasScope, handlers.isEmpty, responder == nil, across.isEmpty, !isReply {
            return report(
                IncomingFailure(
                    eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data,
                    rawPayload: parsed.payload,
                    reason: .unhandled), from: connection)
        }
        // A payload that does not decode is reported once per frame, however many consumers tried.
        var failure: (any Error)?
        if let responder {
            do {
                if let work = try responder(connection, parsed, decoder, incoming.ackID) {
                    answer(work, to: parsed, channel: channel, from: connection, incoming: incoming)
                }
            } catch {
                failure = failure ?? error
            }
        }
        for entry in handlers {
            do { try entry.handler(connection, parsed, decoder) } catch { failure = failure ?? error }
        }
        for (handler, address, values) in across {
            do { try handler(connection, address, values, parsed, decoder) } catch { failure = failure ?? error }
        }
        do {
            try routing?(connection, parsed, decoder)
        } catch {
            failure = failure ?? error
        }
        guard let failure else { return }
        let reason: IncomingFailure.Reason =
            if let error = failure as? DecodingError {
                .undecodablePayload(error)
            } else if let overflow = failure as? StreamOverflow {
                .droppedByStream(overflow.buffer)
            } else {
                .malformedFrame(
                    failure as? WireFraming.MalformedFrame ?? WireFraming.MalformedFrame(reason: "\(failure)"))
            }
        report(
            IncomingFailure(
                eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                reason: reason),
            from: connection)
        if let overflow = failure as? StreamOverflow, let reason = overflow.buffer.failureReason {
            Task { await transport.close(connection, reason: reason) }
        }
    }

    /// Works out one answer in a task of its own, within the connection's limit of requests in flight; an answer that
    /// cannot be sent is reported, never dropped unseen.
    func answer(
        _ work: @escaping @Sendable () async throws -> Void, to parsed: WireFraming.ParsedFrame, channel: String?,
        from connection: ServerConnection, incoming: IncomingFrame
    ) {
        let (allowed, limit): (Bool, Int) = lock.withLock {
            guard var membership = connections[connection] else { return (false, 0) }
            let limit = currentLimits.maximumRequestsInFlight
            guard membership.inFlight < limit else { return (false, limit) }
            membership.inFlight += 1
            connections[connection] = membership
            return (true, limit)
        }
        guard allowed else {
            guard limit > 0 else { return }  // a connection that is gone: its frames are reported elsewhere
            report(
                IncomingFailure(
                    eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data,
                    rawPayload: parsed.payload,
                    reason: .tooManyRequestsInFlight(limit: limit)), from: connection)
            Task {
                await transport.close(
                    connection,
                    reason: "more than \(limit) requests in flight at once; closed so it exhausts no one else")
            }
            return
        }
        ServerWork.run { [self] in
            do {
                try await work()
            } catch {
                report(
                    IncomingFailure(
                        eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data,
                        rawPayload: parsed.payload,
                        reason: .answerNotSent("\(error)")), from: connection)
            }
            lock.withLock { connections[connection]?.inFlight -= 1 }
        }
    }

    func receiveAcknowledgement(_ incoming: IncomingFrame, id: Int, from connection: ServerConnection) {
        let frame = WireFraming.ParsedFrame(
            eventName: "", channel: nil, payload: incoming.data, frame: incoming.data,
            route: RealtimeClientCore.acknowledgementRoute)
        let pending = lock.withLock { connections[connection]?.pending }
        if pending.map({ if case .answered = $0.deliverAcknowledgement(frame, id: id) { true } else { false } }) != true
        {
            report(
                IncomingFailure(
                    eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: incoming.data,
                    reason: .unexpectedReply(correlation: .number(JSONNumber(id)))), from: connection)
        }
    }

    func report(_ failure: IncomingFailure, from connection: ServerConnection) {
        let handlers = lock.withLock { errorHandlers }
        for entry in handlers { entry.handler(connection, failure) }
    }

    // Called with the lock held.
    func scope(for channel: String?) -> (any ServerScopeRouting)? {
        guard let channel else { return rootScope }
        return channelScopes[channel]
    }

    func setScope(_ scope: any ServerScopeRouting, for channel: String?) {
        if let channel { channelScopes[channel] = scope } else { rootScope = scope }
    }
}
