import ArgumentParser
import Meridian
import MeridianText

/// Runs a throwing reader and turns its error into ArgumentParser's validation error, so the
/// user sees the message and the command exits non-zero (never a trap).
func checked<T>(_ body: @autoclosure () throws -> T) throws -> T {
    do { return try body() } catch let error as TextError {
        throw ValidationError(error.message)
    } catch let error as InvalidArgument {
        throw ValidationError(error.description)
    }
}

func emit(_ json: JSON) { print(json.text) }
