import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow or idle, by the deadlines of
/// ``EmulatorConnectionLimits``: a complete request head within the header-read timeout of
/// the connection opening, a body within the body-read timeout of its head, the next head
/// within the idle timeout of the last response. While a request is being answered there is no
/// deadline (the routes answer from memory).
///
/// One per connection, in the HTTP/1 pipeline after the HTTP decoder (Hummingbird's
/// `HTTP1Channel.Configuration.additionalChannelHandlers`), so it sees parsed request parts:
/// a head "arrives" only once it is complete. It runs on the channel's event loop only.
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        case awaitingFirstHead, readingBody, responding, idle
    }

    private let limits: EmulatorConnectionLimits
    private let logger: Logger
    private var phase = Phase.awaitingFirstHead
    private var unanswered = 0
    private var timer: Scheduled<Void>?

    /// Creates the handler for one connection.
    /// - Parameters:
    ///   - limits: The deadlines.
    ///   - logger: Where a closed connection is logged (at debug level: a flood of slow
    ///     clients must not flood the log).
    init(limits: EmulatorConnectionLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive, timer == nil { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        if timer == nil, phase == .awaitingFirstHead { arm(context) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            phase = .readingBody
            arm(context)
        case .body:
            break
        case .end:
            phase = .responding
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, phase == .responding {
                phase = .idle
                arm(context)
            }
        }
        context.write(data, promise: promise)
    }

    /// Starts the deadline of the current phase, replacing any running one.
    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let (limit, waitingFor): (Duration, String) =
            switch phase {
            case .awaitingFirstHead: (limits.headerReadTimeout, "a request head")
            case .readingBody: (limits.bodyReadTimeout, "the request body")
            case .idle, .responding: (limits.idleTimeout, "the next request")
            }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) { [self] in
            timer = nil
            logger.debug(
                "closing a connection: no \(waitingFor) within \(limit)",
                metadata: ["remote": "\(context.channel.remoteAddress?.description ?? "?")"])
            context.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
