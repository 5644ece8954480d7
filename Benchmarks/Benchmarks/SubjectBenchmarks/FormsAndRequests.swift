// What an app's first hour builds (issue 29): a form of four fields combined into one flat tuple,
// and a search whose requests are async (`mapLatest`). OpenCombine 0.14 has neither a
// combineLatest nor a flatMapLatest, so these rows have no peer column.
import Benchmark
import SimpleSubject

func formAndRequestBenchmarks() {
    // One field changes per value; the form's tuple is made once per value.
    Benchmark("combineLatest4.simple") { benchmark in
        let fields = (0..<4).map { _ in Subject(0) }
        combineLatest(fields[0], fields[1], fields[2], fields[3]).subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { fields[value & 3].sendNext(value) }
    }
    // Each value starts a request and cancels the one before: a task made and one cancelled per
    // value (the requests return at once; most are cancelled before they run).
    Benchmark("mapLatest.simple") { benchmark in
        let query = EventSubject<Int>()
        let results = query.mapLatest { $0 &+ 1 }
        results.subscribeNext { blackHole($0) }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { query.sendNext(value) }
        benchmark.stopMeasurement()
        withExtendedLifetime(results) {}
    }
}
