// swift-tools-version:6.0
import PackageDescription

// No package dependencies, on purpose: the framework, the example and the CLI build from the
// toolchain alone. Benchmarks live in their own package under Benchmarks/.
let package = Package(
    name: "SimpleSubject",
    // Atomic (the Synchronization module of the standard library) needs these on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SimpleSubject", targets: ["SimpleSubject"]),
        // For apps' test targets only: `TestClock`.
        .library(name: "SimpleSubjectTesting", targets: ["SimpleSubjectTesting"]),
        .library(name: "StudentCredit", targets: ["StudentCredit"]),
        .executable(name: "credit-cli", targets: ["credit-cli"]),
    ],
    targets: [
        .target(name: "SimpleSubject", dependencies: ["SimpleSubjectRuntime"]),
        // One declaration of the concurrency runtime's, which Swift cannot declare itself (see
        // Sources/SimpleSubject/Isolation/RuntimeIsolation.swift).
        .target(name: "SimpleSubjectRuntime"),
        // `TestClock`, a clock tests move by hand, under which the time operators run inline.
        .target(name: "SimpleSubjectTesting", dependencies: ["SimpleSubject"]),
        .target(name: "StudentCredit", dependencies: ["SimpleSubject"]),
        // The CLI's logic — options, the command language, the screen — as plain functions
        // that tests call directly; `credit-cli` only calls `runCreditCLI`.
        .target(name: "CreditCLI", dependencies: ["StudentCredit"]),
        .executableTarget(name: "credit-cli", dependencies: ["CreditCLI"]),
        .testTarget(name: "SimpleSubjectTests", dependencies: ["SimpleSubject"]),
        // Only `import SimpleSubject`: an operator written as a user writes one, with `derive`.
        .testTarget(name: "OperatorAuthoringTests", dependencies: ["SimpleSubject"]),
        .testTarget(name: "StudentCreditTests", dependencies: ["StudentCredit"]),
        // Only the public API, as an app's tests use it.
        .testTarget(name: "SimpleSubjectTestingTests", dependencies: ["SimpleSubject", "SimpleSubjectTesting"]),
        // Depends on credit-cli so that `swift test` builds the binary its end-to-end tests run.
        .testTarget(name: "CreditCLITests", dependencies: ["CreditCLI", "credit-cli"]),
    ],
    swiftLanguageModes: [.v6]
)
