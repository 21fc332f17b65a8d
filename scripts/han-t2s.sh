#!/bin/sh
# Builds analyzers/translit/data/t2s.txt, the Traditional → Simplified Chinese character table
# that folds Han names before the learned transliteration models' lookup tables are read.
# Each CJK Unified Ideograph (U+4E00–U+9FFF, U+3400–U+4DBF) is converted alone by OpenCC's
# t2s configuration (Debian package opencc, Apache-2.0; installed here when missing), and the
# characters it changes are written as "traditional<TAB>simplified" lines. Deterministic for
# one OpenCC version (1.1.6 on Debian bookworm).
set -eu
cd "$(dirname "$0")/.."
if ! command -v opencc >/dev/null 2>&1; then
	apt-get install -y opencc >/dev/null
fi
out=analyzers/translit/data/t2s.txt
python3 - "$out" <<'PY'
import subprocess, sys
chars = [chr(c) for r in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF)) for c in range(r[0], r[1] + 1)]
conv = subprocess.run(["opencc", "-c", "t2s.json"], input="\n".join(chars) + "\n",
                      capture_output=True, text=True, check=True).stdout.split("\n")
rows = [f"{t}\t{s}" for t, s in zip(chars, conv) if s and s != t and len(s) == 1]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("# Traditional → Simplified Chinese characters, from OpenCC 1.1.6 (t2s, Apache-2.0); built by scripts/han-t2s.sh\n")
    f.write("\n".join(rows) + "\n")
print(len(rows), "characters")
PY
