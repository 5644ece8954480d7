// How a subscriber's closure, which knows its own isolation, is kept and called.
//
// Every subscribing call takes its closure as `@Sendable @isolated(any)`, with
// `@_inheritActorContext`: the compiler fixes the closure's isolation where it is written — a
// closure in a `@MainActor` method is `@MainActor` — and `block.isolation` reads it (SE-0431).
// The library keeps that isolation for the subscriber, and keeps the closure as a plain function,
// which it calls only where that isolation holds:
// - at once, when the delivery runs on that actor: the sender's `isolation` is an `isolated`
//   parameter, so the compiler has checked that the sender runs there;
// - in a job isolated to that actor (`Hop.drain(on:)`), otherwise;
// - anywhere, when `block.isolation` is nil: the closure is then nonisolated and `@Sendable`.
// That is exactly what the language's own call, `await block(value)`, does: SE-0431 has the
// caller, not the callee, switch to the function's isolation — SILGen emits
// `function_extract_isolation`, a `hop_to_executor` to it and an ordinary `apply` — and a
// synchronous isolated body does not check where it runs. The plain call only skips the switch,
// where we are already on the right actor, without an `await` and without a task.
//
// The bit-cast is sound because the two types have one representation: an `@isolated(any)`
// function is an ordinary thick function (invocation pointer and context), whose isolation is
// stored in its context (IRGen: `emitExtractFunctionIsolation` in lib/IRGen/GenFunc.cpp reads it
// at a fixed offset of the context), and it is called with the same convention as the plain
// type. Swift 6.3 itself lowers the conversion between them to a no-op `convert_function` (the
// `ConversionFromIsolatedAnyToSynchronous` diagnostic, a warning there). IsolationTests'
// "the representation the plain call relies on" fails if that changes.

/// `block` as a plain function, to be called only where `block.isolation` holds (see above).
///
/// What is cast is a struct holding the function, not the function: `unsafeBitCast` is generic,
/// and a function passed to it is reabstracted by a thunk on the way in and another on the way
/// out, two more stack frames in every call. A generic struct stores its function with the
/// abstraction its declaration spells, the same in both structs, so nothing is converted.
@inlinable
@inline(__always)
func plainFunction<Value>(_ block: @escaping @Sendable @isolated(any) (Value) -> Void) -> (Value) -> Void {
    unsafeBitCast(IsolatedFunction(block), to: PlainFunction<Value>.self).call
}

/// A subscriber's closure as it is given.
@usableFromInline struct IsolatedFunction<Value> {
    @usableFromInline let call: @Sendable @isolated(any) (Value) -> Void
    @inlinable init(_ call: @escaping @Sendable @isolated(any) (Value) -> Void) { self.call = call }
}

/// A subscriber's closure as it is kept.
@usableFromInline struct PlainFunction<Value> {
    @usableFromInline let call: (Value) -> Void
}
