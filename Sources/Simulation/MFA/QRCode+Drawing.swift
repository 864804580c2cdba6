/// A QR code as SVG and as terminal text, each with a four-module quiet zone.
extension QRCode {
    /// An SVG image: a white square and one path of dark modules.
    /// - Parameter moduleSize: Pixels per module (GoTrue's `DefaultQRSize` is 3).
    /// - Returns: The SVG document.
    package func svg(moduleSize: Int = 3) -> String {
        let side = (size + 8) * moduleSize
        var path = ""
        for y in 0..<size {
            for x in 0..<size where self[x, y] {
                path += "M\((x + 4) * moduleSize),\((y + 4) * moduleSize)h\(moduleSize)v\(moduleSize)h-\(moduleSize)z"
            }
        }
        return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(side)" height="\#(side)" viewBox="0 0 \#(side) \#(side)">"#
            + ##"<rect width="\##(side)" height="\##(side)" fill="#ffffff"/><path fill="#000000" d="\##(path)"/></svg>"##
    }

    /// Lines of text drawing two rows of modules per line with the block characters
    /// `█`, `▀`, `▄` and space, dark on a light terminal (a dark terminal reads it inverted, which
    /// scanners accept).
    package func terminalLines() -> [String] {
        func dark(_ x: Int, _ y: Int) -> Bool { (0..<size).contains(x) && (0..<size).contains(y) && self[x, y] }
        return stride(from: -4, to: size + 4, by: 2).map { y in
            String(
                (-4..<(size + 4)).map { x -> Character in
                    switch (dark(x, y), dark(x, y + 1)) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
        }
    }
}
