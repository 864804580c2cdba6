import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of the `URLSession` transport: it hands each task's redirects,
/// response head and body pieces to that task's ``URLSessionExchange``, and cancels the task
/// when the exchange refuses them.
///
/// A session-level delegate, not a per-task one, because that is what swift-corelibs-foundation
/// (Linux, Swift 6.3) honours: there `didReceive data` reaches only a session delegate of a
/// task created without a completion handler (`_NativeProtocol.notifyDelegate(aboutReceivedData:)`
/// and `_ProtocolClient.urlProtocol(_:didLoad:)` handle the `.taskDelegate` behaviour only), and
/// `URLSession.bytes(for:)` does not exist. Apple's URLSession calls the same methods.
final class URLSessionExchangeDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Locked<[Int: URLSessionExchange]>([:])

    /// Routes a task's events to an exchange until the task completes; call before resuming
    /// the task. (The exchange outlives its caller's wait: body pieces still arriving after an
    /// answer are dropped by it, not cancelled again one by one.)
    /// - Parameters:
    ///   - exchange: The exchange.
    ///   - task: The task.
    func add(_ exchange: URLSessionExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    /// Cancels a task from a thread of its own. swift-corelibs-foundation's `cancel()` first
    /// waits for the session's work queue, which a sender at loopback speed keeps busy for a
    /// while (up to 0.5 s measured, with up to 300 MB arriving meanwhile); called on the
    /// delegate queue, that wait would stop the queue from dropping those pieces as they come,
    /// and they would pile up in memory (357 MB resident instead of 40 MB, measured).
    /// - Parameter task: The task.
    static func cancel(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    private func exchange(for task: URLSessionTask) -> URLSessionExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(exchange(for: task)?.redirect(to: request))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard exchange(for: dataTask)?.receive(response) != false else {
            // swift-corelibs-foundation ignores the disposition ("Ignoring disposition from
            // completion handler"), so the task is cancelled as well.
            completionHandler(.cancel)
            Self.cancel(dataTask)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if exchange(for: dataTask)?.receive(data) == false { Self.cancel(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(with: error)
    }
}
