"""QR codes against Python's `qrcode` (PyPI, python-qrcode) and zxing-cpp (PyPI `zxing-cpp`).

  qr_check.py make OUT.json      writes the module matrices python-qrcode draws for texts of
                                 several lengths, at every error-correction level, with a given
                                 mask, for the Swift QRCode to reproduce (QRCodeInteropTests).
  qr_check.py svg FILE TEXT      decodes the SVG QR code in FILE (one path of square modules, as
                                 the emulator's totp.qr_code) with zxing-cpp and checks it is TEXT.
"""
import json
import re
import sys

LEVELS = ["L", "M", "Q", "H"]


def make(path):
    import qrcode
    import qrcode.util

    cases = []
    lengths = [1, 17, 33, 64, 106, 140, 190, 260, 330]
    for index, length in enumerate(lengths * 2):
        level = LEVELS[index % 4]
        mask = index % 8
        text = "".join(chr(0x21 + (index * 7 + i * 13) % 94) for i in range(length))
        qr = qrcode.QRCode(error_correction=getattr(qrcode.constants, f"ERROR_CORRECT_{level}"), border=0, mask_pattern=mask)
        qr.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
        qr.make(fit=True)
        rows = ["".join("1" if cell else "0" for cell in row) for row in qr.get_matrix()]
        cases.append({"text": text, "level": level, "mask": mask, "version": qr.version, "rows": rows})
    with open(path, "w") as out:
        out.write('{"generator": "python-qrcode", "cases": [\n' + ",\n".join(json.dumps(case) for case in cases) + "\n]}\n")


def decode_svg(svg):
    import numpy
    import zxingcpp

    side = int(re.search(r'width="(\d+)"', svg).group(1))
    image = numpy.full((side, side), 255, dtype=numpy.uint8)
    for x, y, w in re.findall(r"M(\d+),(\d+)h(\d+)", svg):
        x, y, w = int(x), int(y), int(w)
        image[y:y + w, x:x + w] = 0
    image = numpy.kron(image, numpy.ones((3, 3), dtype=numpy.uint8))
    results = zxingcpp.read_barcodes(image)
    assert len(results) == 1, f"zxing-cpp found {len(results)} codes"
    return results[0].text


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        with open(sys.argv[2]) as svg:
            assert decode_svg(svg.read()) == sys.argv[3], "zxing-cpp reads another text"
        print("qr: zxing-cpp reads the text back")
