extension ReportingClient {
    /// Runs the client until the task is cancelled, handing each of its events, made an input by `wrap`, to `input`:
    /// how two clients' events become one stream.
    func run<Input: Sendable>(
        reportingTo input: AsyncStream<Input>.Continuation, as wrap: @escaping @Sendable (Event) -> Input
    ) async {
        async let running: Void = run()
        for await event in events { input.yield(wrap(event)) }
        await running
    }
}
