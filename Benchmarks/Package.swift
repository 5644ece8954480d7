// swift-tools-version:6.1
import PackageDescription

// SimpleSubject side by side with OpenCombine and the floors, on ordo-one's harness.
// Its own package, so the root package keeps zero dependencies.
let package = Package(
    name: "SimpleSubjectBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "SimpleSubject", path: ".."),
        // Naming the trait leaves out the runtime interposer, which these machines lack.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // glibc's execinfo.h does not import into Swift; this counts stack frames for the benchmarks.
        .target(name: "FrameCounter", path: "Sources/FrameCounter"),
        .executableTarget(
            name: "SubjectBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SimpleSubject", package: "SimpleSubject"),
                "OpenCombine",
                "FrameCounter",
                "ConcurrentScenario",
            ],
            path: "Benchmarks/SubjectBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The concurrent-senders scenario, shared by the harness and the standalone executable.
        .target(
            name: "ConcurrentScenario",
            dependencies: [.product(name: "SimpleSubject", package: "SimpleSubject"), "OpenCombine"]
        ),
        // The same scenario outside the harness, for a table of medians (many-core hosts too).
        .executableTarget(name: "ConcurrentSenders", dependencies: ["ConcurrentScenario"]),
        // The service shape (issue 30): producer threads into an event bus, read by subscribers or loops.
        .executableTarget(name: "ServiceBus", dependencies: [.product(name: "SimpleSubject", package: "SimpleSubject")]),
        // Heap bytes per live subscription in a plain process, without the harness's malloc interposer.
        .executableTarget(
            name: "HeapPerSubscription",
            dependencies: [.product(name: "SimpleSubject", package: "SimpleSubject"), "OpenCombine", "FrameCounter"]
        ),
        // Turns an exported run into the table in BENCHMARKS.md.
        .executableTarget(name: "BenchmarkTable", path: "Sources/BenchmarkTable"),
    ]
)
