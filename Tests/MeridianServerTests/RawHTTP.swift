import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP client on loopback for hostile-client tests: it sends exactly the bytes given
/// (slowly, if asked) and reads what comes back until the server closes or `timeout` passes.
struct RawHTTP {
    let fd: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            Glibc.close(fd)
            throw CocoaError(.fileReadUnknown)
        }
        var tv = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) { send(Array(text.utf8)) }
    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What the server sent until it closed the connection (`closed` true) or `timeout` passed.
    /// The blocking reads run on a thread of their own: the server under test needs Swift's
    /// cooperative threads, which a blocked test would starve.
    func receive(timeout: Double) async -> (text: String, closed: Bool) {
        let (bytes, closed) = await receiveBytes(timeout: timeout)
        return (String(decoding: bytes, as: UTF8.self), closed)
    }

    /// As ``receive(timeout:)``, the bytes as they came (frames are binary).
    func receiveBytes(timeout: Double) async -> (bytes: [UInt8], closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: blockingReceive(timeout: timeout)) }.start()
        }
    }

    func blockingReceive(timeout: Double) -> (bytes: [UInt8], closed: Bool) {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return (out, true) }
            if n > 0 { out += buffer[0..<n] }
            if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK { return (out, true) }
        }
        return (out, false)
    }

    func close() { Glibc.close(fd) }
}
