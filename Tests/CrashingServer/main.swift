import Foundation
import HabitatApp
import HabitatServer
import HabitatStorage
import Logging
import ServiceLifecycle

// A Habitat server for the crash-consistency tests, which kills itself (SIGKILL, from inside) when a shared
// completion reaches the stage it is given:
//
//     habitat-crashing-server --data DIR --crash-at before-member-commit|after-member-commit
//
// It listens on a free loopback port, says which in its log as `habitat serve` does, and is otherwise the server.

var arguments = ArraySlice(CommandLine.arguments.dropFirst())
var data: String?
var stage: WorkStage?
while let flag = arguments.popFirst() {
    switch flag {
    case "--data": data = arguments.popFirst()
    case "--crash-at": stage = arguments.popFirst().flatMap(WorkStage.init(rawValue:))
    default: break
    }
}
guard let data, let stage else {
    FileHandle.standardError.write(Data("usage: habitat-crashing-server --data DIR --crash-at before-member-commit|after-member-commit\n".utf8))
    exit(2)
}

SQLiteSetup.apply()
LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
let logger = Logger(label: "habitat")
var configuration = ServerConfiguration()
configuration.port = 0
configuration.dataDirectory = URL(fileURLWithPath: data)
configuration.rateLimit = 0
configuration.stageReached = { reached in
    if reached == stage { kill(getpid(), SIGKILL) }
}
let server = try HabitatServer(configuration: configuration, logger: logger)
try await ServiceGroup(configuration: .init(services: server.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)).run()
