// RxSwift's benchmark shapes, SimpleSubject beside OpenCombine and (when a copy of it sits
// beside this repository) RxSwift, in one release process. Prints a Markdown table of medians.
// Run through `Benchmarks/peers.sh`; `PeerShapes --repeats N` changes the number of runs (9).
import Foundation

var libraries: [Library: ShapeRuns] = [
    .simpleSubject: SimpleSubjectShapes.runs,
    .openCombine: OpenCombineShapes.runs,
]
#if WITH_RXSWIFT
libraries[.rxSwift] = RxSwiftShapes.runs
#endif

let arguments = CommandLine.arguments
let repeats = arguments.firstIndex(of: "--repeats").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) } ?? 9

var medians: [(Shape, [Library: Double])] = []
for shape in Shape.allCases {
    FileHandle.standardError.write(Data("measuring \(shape.rawValue)…\n".utf8))
    medians.append((shape, Timing.medians(of: shape, in: libraries, repeats: repeats)))
}
print(Table.markdown(medians, libraries: Library.allCases.filter { libraries[$0] != nil }, repeats: repeats))
