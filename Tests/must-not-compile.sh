#!/usr/bin/env bash
# Swift 6 soundness, proven by what does not compile: each snippet in Tests/MustNotCompile must be
# rejected by the type checker with the error named on its first line (`// expect: …`). A control
# snippet that uses the same API correctly must compile, so that a broken setup cannot pass.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target SimpleSubject >/dev/null
bin="$(swift build --show-bin-path)"
# The library's module, and the module map of the C declaration it imports (SwiftPM passes both to
# a client target; a bare swiftc needs them named).
typecheck() {
    swiftc -emit-sil -o /dev/null -swift-version 6 -I "$bin/Modules" \
        -Xcc -fmodule-map-file="$bin/SimpleSubjectRuntime.build/module.modulemap" "$1" 2>&1  # SIL: region checks run there
}

control=$(mktemp -d)/Control.swift
cat > "$control" <<'SWIFT'
import SimpleSubject
import Synchronization
@MainActor final class Screen {
    var text = ""
    func bind(_ credit: Subject<Int>) {
        credit.map { "\($0) points" }.subscribeNext { self.text = $0 }  // a main-actor subscriber is fine
    }
}
func settle(_ query: EventSubject<String>) -> EventSubject<String> {
    query.debounce(for: .milliseconds(300)).throttle(for: .seconds(1), latest: true)  // Sendable values are fine
}
func sendFromAnotherTask(_ credit: Subject<Int>) {
    Task.detached { credit.sendNext(5) }
}
@MainActor final class Label {  // the siblings' correct forms
    var text = ""
    func bind(_ name: Subject<String>) {
        name.assign(to: \.text, on: self)
        name.subscribeNext(owner: self) { label, name in label.text = name }
        name.subscribeNext(isolation: nil) { self.text = $0 }  // still runs on the main actor
    }
}
enum Binder {
    static func bind(_ credit: Subject<Int>, _ show: @escaping @MainActor @Sendable (Int) -> Void) {
        credit.subscribeNext(show)
    }
}
actor Connection {  // an actor owner's subscriber writes the actor's state
    var version = 0
    func listen(to config: Subject<Int>) {
        config.subscribeNext(owner: self) { me, version in me.version = version }
    }
}
@MainActor final class SignUpViewModel {  // a read-only output is read, subscribed to, derived from, bound
    let email = Subject("")
    let canSubmit: ReadOnlySubject<Bool>
    init() { canSubmit = email.map { $0.contains("@") } }
    func show(on label: Label) -> Subscription {
        _ = canSubmit.value
        _ = combineLatest(canSubmit, email).map { $0.0 ? $0.1 : "" }
        canSubmit.map { $0 ? "Sign up" : "Fill in the form" }.assign(to: \.text, on: label)
        return canSubmit.subscribeNext { _ in }
    }
}
final class Count: Sendable { let value = Atomic(0) }
func countOutsideAnyActor(_ credit: Subject<Int>, _ count: Count) {
    credit.subscribeNext { _ in count.value.add(1, ordering: .relaxed) }
}
SWIFT
if ! output=$(typecheck "$control"); then
    echo "error: the control snippet does not compile, so this check proves nothing:" >&2
    echo "$output" >&2
    exit 1
fi
echo "ok: control snippet compiles"

failed=0
for snippet in Tests/MustNotCompile/*.swift; do
    expected=$(sed -n '1s|^// expect: ||p' "$snippet")
    if output=$(typecheck "$snippet"); then
        echo "FAIL: $snippet compiles, but must be rejected" >&2
        failed=1
    elif ! grep -qF -- "$expected" <<<"$output"; then
        echo "FAIL: $snippet is rejected, but not with \"$expected\":" >&2
        grep 'error:' <<<"$output" >&2 || true
        failed=1
    else
        echo "ok: $(basename "$snippet") is rejected: $expected"
    fi
done
exit $failed
