"""The tuning tests build their ops with the lowering tests' text helpers (gemm_text, conv_text)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lowering"))
