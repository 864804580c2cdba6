import Crypto
import Foundation

/// SHA-256 of bytes.
enum SHA256Digest {
    static func of(_ data: some DataProtocol) -> [UInt8] { Array(SHA256.hash(data: data)) }
}
