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
    ],
    targets: [
        .target(name: "SimpleSubject"),
        .testTarget(name: "SimpleSubjectTests", dependencies: ["SimpleSubject"]),
    ],
    swiftLanguageModes: [.v6]
)
