/// The libraries compared, in the table's column order.
enum Library: String, CaseIterable {
    case simpleSubject = "SimpleSubject"
    case openCombine = "OpenCombine 0.14"
    case rxSwift = "RxSwift 6"
}
