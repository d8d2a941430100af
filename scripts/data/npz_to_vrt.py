"""Turns one of matplotlib's sample elevation models (a NumPy .npz archive, read here without
NumPy: a zip of .npy arrays) into raw heights and a GDAL VRT that places them on the ground,
north up, in EPSG:4326. GDAL then makes the GeoTIFF that `meridian data import` takes.

  jacksboro_fault_dem.npz  `elevation` (344 x 403, int16 metres), `xmin`/`xmax` the west and east
                           edges, `ymin` the edge of the first row (36.733 deg N: the rows run from
                           north to south) and `ymax` that of the last, `dx`/`dy` the cell size
                           (3 arc-seconds)
  topobathy.npz            `topo` (91 x 120, float32 metres, land and sea floor), `latitude` and
                           `longitude` the cell centres (rows from south to north; longitudes
                           234..238 deg E, i.e. 126..122 deg W)

Usage: python3 npz_to_vrt.py ARCHIVE.npz OUT.vrt   (writes OUT.vrt and OUT.bin)
"""
import ast
import struct
import sys
import zipfile


def arrays(path):
    """Each member's (dtype code, shape, values as a flat list), by name without .npy."""
    out = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            data = archive.read(name)
            assert data[:6] == b"\x93NUMPY", name
            major = data[6]
            length_size = 2 if major == 1 else 4
            header_length = int.from_bytes(data[8:8 + length_size], "little")
            start = 8 + length_size
            header = ast.literal_eval(data[start:start + header_length].decode("latin1"))
            assert not header["fortran_order"], name
            dtype = header["descr"]
            code = {"<i2": "h", "<f4": "f", "<f8": "d"}[dtype]
            count = 1
            for n in header["shape"]:
                count *= n
            body = data[start + header_length:]
            values = list(struct.unpack_from("<%d%s" % (count, code), body))
            out[name[:-4]] = (dtype, header["shape"], values)
    return out


def main(archive, vrt):
    a = arrays(archive)
    if "elevation" in a:
        _, (rows, cols), heights = a["elevation"]
        west, north, cell = a["xmin"][2][0], a["ymin"][2][0], a["dx"][2][0]
        transform = (west, cell, north, -cell)
    else:
        _, (rows, cols), values = a["topo"]
        lats, lngs = a["latitude"][2], a["longitude"][2]
        dx = (lngs[-1] - lngs[0]) / (cols - 1)
        dy = (lats[-1] - lats[0]) / (rows - 1)
        # Rows from south to north: flipped so the first row is the northernmost.
        heights = [v for r in reversed(range(rows)) for v in values[r * cols:(r + 1) * cols]]
        transform = (lngs[0] - 360 - dx / 2, dx, lats[-1] + dy / 2, -dy)
    raw = vrt[:-4] + ".bin"
    with open(raw, "wb") as f:
        f.write(struct.pack("<%df" % len(heights), *heights))
    west, dx, north, dy = transform
    with open(vrt, "w") as f:
        f.write(f"""<VRTDataset rasterXSize="{cols}" rasterYSize="{rows}">
  <SRS>EPSG:4326</SRS>
  <GeoTransform>{west!r}, {dx!r}, 0, {north!r}, 0, {dy!r}</GeoTransform>
  <VRTRasterBand dataType="Float32" band="1" subClass="VRTRawRasterBand">
    <UnitType>m</UnitType>
    <SourceFilename relativeToVRT="1">{raw.split('/')[-1]}</SourceFilename>
    <ByteOrder>LSB</ByteOrder><ImageOffset>0</ImageOffset><PixelOffset>4</PixelOffset><LineOffset>{4 * cols}</LineOffset>
  </VRTRasterBand>
</VRTDataset>
""")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
