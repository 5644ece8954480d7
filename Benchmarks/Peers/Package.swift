// swift-tools-version:6.1
import Foundation
import PackageDescription

// RxSwift's benchmark shapes, SimpleSubject beside OpenCombine and RxSwift in one process.
// Its own package, outside CI: RxSwift joins only when a copy sits beside this repository
// (`git clone https://github.com/ReactiveX/RxSwift` next to it); no peer's code is committed.
// Run it with `Benchmarks/peers.sh`.
let rxSwiftPath = URL(fileURLWithPath: Context.packageDirectory)
    .appendingPathComponent("../../../RxSwift").standardizedFileURL.path
let hasRxSwift = FileManager.default.fileExists(atPath: rxSwiftPath + "/Package.swift")

var dependencies: [Package.Dependency] = [
    .package(name: "SimpleSubject", path: "../.."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
]
// The sources test WITH_RXSWIFT, not `canImport(RxSwift)`: a module left in .build from an
// earlier build with RxSwift would still import, and the link would fail.
var shapeSettings: [SwiftSetting] = []
var shapeDependencies: [Target.Dependency] = [
    .product(name: "SimpleSubject", package: "SimpleSubject"),
    "OpenCombine",
]
if hasRxSwift {
    dependencies.append(.package(path: rxSwiftPath))
    shapeDependencies.append(.product(name: "RxSwift", package: "RxSwift"))
    shapeSettings.append(.define("WITH_RXSWIFT"))
}

let package = Package(
    name: "SimpleSubjectPeers",
    platforms: [.macOS(.v15)],
    dependencies: dependencies,
    targets: [
        .executableTarget(name: "PeerShapes", dependencies: shapeDependencies, swiftSettings: shapeSettings),
    ]
)
