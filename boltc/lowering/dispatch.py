"""A model.so's variants: one host program per target arch, and the file that picks one.

    library = model_library([lower(model, arch="sm_90a")[0], lower(model, arch="sm_80")[0]])
    library.dispatch_source()      # dispatch.cpp: the variant table and describe()'s JSON
    library.weight_blobs()         # each distinct weights blob once, under every arch's symbol

A model.so built for several arches (`boltc --arch sm_80,sm_90a`: a *fat* library) holds one
complete host program per arch: its own launch sequence, elementwise kernels and CUTLASS
kernels (the graph passes and the kernel families differ per arch, so nothing finer can be
shared safely), each defining `boltc::rt::model_spec_<arch>()` (host.py). The dispatch file
lists them as runtime.h's `ModelVariant`s in `manifest.preference_order` (sm_90a before sm_80),
each with the compute capability its code needs (`manifest.TARGET_CAPABILITY`/`EXACT_TARGETS`),
and `boltc_model_create` takes the first that runs on the device: an H100 gets the sm_90a
kernels, an A100 the sm_80 ones. A single-arch model.so is the same with one variant, so
create refuses a GPU its code cannot run on with an error naming the library's arches.

What every handle shares must then be the same for every variant: the inputs and outputs
(names, shapes, element types: `model_library` refuses arches that disagree; the byte
alignment describe() asks of a buffer is the largest any variant needs). describe()'s JSON
of a fat library is its first variant's, with "arch" the arches joined by commas and
"variants" listing each arch's arena, workspace, weights and launches.

Weights: each arch's pipeline produces its own constants (sm_80 and sm_90a pad and lay them
out alike today, so their blobs are usually byte-identical); identical blobs are embedded
once, the assembler file giving that one blob every sharing arch's symbol.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from boltc import manifest as manifest_format
from boltc.diagnostics import BoltcError
from boltc.lowering import cxx
from boltc.lowering.host import WEIGHTS_FILE, HostProgram, spec_declaration, spec_function, weights_symbol
from boltc.lowering.runtime_abi import rt

DISPATCH_FILE = "dispatch.cpp"
INTERFACE_KEYS = ("name", "shape", "dtype")  # what a tensor of describe() must match across arches


@dataclass(frozen=True)
class WeightBlob:
    """One weights blob of the library and the arches whose host files read it."""

    data: bytes
    arches: tuple[str, ...]
    file: str  # weights.bin, or weights_<arch>.bin where arches' blobs differ

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(weights_symbol(a) for a in self.arches)

    @property
    def assembly_file(self) -> str:
        return self.file.removesuffix(".bin") + ".S"

    def assembly(self) -> str:
        from boltc.lowering.host import weights_assembly

        return weights_assembly(self.symbols, self.file)


@dataclass(frozen=True)
class ModelLibrary:
    """The host programs of one model.so, in the order create() tries them."""

    programs: tuple[HostProgram, ...]

    @property
    def name(self) -> str:
        return self.programs[0].name

    @property
    def arches(self) -> tuple[str, ...]:
        return tuple(p.arch for p in self.programs)

    @property
    def fat(self) -> bool:
        return len(self.programs) > 1

    @property
    def describe(self) -> dict:
        """describe()'s JSON: a single arch's own; a fat library's per the module docstring."""
        first = self.programs[0]
        if not self.fat:
            return first.describe
        merged = dict(first.describe)
        merged["arch"] = ",".join(self.arches)
        for kind in ("inputs", "outputs"):
            merged[kind] = [
                {**tensor, "alignment": max(p.describe[kind][i]["alignment"] for p in self.programs)}
                for i, tensor in enumerate(first.describe[kind])
            ]
        merged["variants"] = [
            {"arch": p.arch, **{k: p.describe[k] for k in ("arena_bytes", "workspace_bytes", "weights_bytes", "launches")}}
            for p in self.programs
        ]
        return merged

    def weight_blobs(self) -> list[WeightBlob]:
        """Each distinct non-empty weights blob once, with the arches that read it."""
        groups: dict[bytes, list[str]] = {}
        for p in self.programs:
            if p.weights:
                groups.setdefault(p.weights, []).append(p.arch)
        single = len(groups) == 1
        return [WeightBlob(data, tuple(arches), WEIGHTS_FILE if single else f"weights_{arches[0]}.bin")
                for data, arches in groups.items()]

    def variant_table(self) -> cxx.Braced:
        """runtime.h's ModelVariant for each program: {arch, major, minor, exact, spec}."""
        rows = []
        for arch in self.arches:
            major, minor = manifest_format.TARGET_CAPABILITY[arch]
            exact = arch in manifest_format.EXACT_TARGETS
            rows.append(cxx.Braced((cxx.Str(arch), cxx.Int(major), cxx.Int(minor), cxx.Int(int(exact)),
                                    cxx.Name(spec_function(arch)))))
        return cxx.Braced(tuple(rows))

    def dispatch_source(self) -> str:
        """dispatch.cpp: the variants, describe()'s JSON and `boltc::rt::model_library()`."""
        describe = self.describe
        library_type = cxx.Type(rt("ModelLibrary").text, const=True)
        constants = cxx.Namespace(None, (
            cxx.Decl(cxx.CHAR.as_constexpr(), "kDescribe", cxx.Str(json.dumps(describe, separators=(",", ":"))),
                     array=True),
            cxx.Decl(cxx.Type(rt("ModelVariant").text, const=True), "kVariants", self.variant_table(), array=True),
        ))
        fields = (cxx.Name("kDescribe"), cxx.Int(len(describe["inputs"])), cxx.Int(len(describe["outputs"])),
                  cxx.Name("kVariants"), cxx.Int(len(self.programs)), cxx.Str(", ".join(self.arches)))
        library = cxx.Function(
            library_type.as_reference(), "boltc::rt::model_library", (),
            (cxx.Decl(library_type, "library", cxx.Braced(fields), static=True), cxx.Return(cxx.Name("library"))),
        )
        header = (f"Generated by boltc: the variants of {self.name} ({', '.join(self.arches)}), tried in this\n"
                  "order by boltc_model_create, and describe()'s JSON. Do not edit.")
        items: list[cxx.Stmt] = [cxx.Include("cstdint", system=True), cxx.Include("boltc/runtime.h"),
                                 *(spec_declaration(a) for a in self.arches), constants, library]
        return cxx.TranslationUnit(header, tuple(items)).render()


def model_library(programs: Sequence[HostProgram]) -> ModelLibrary:
    """The library of `programs` (one per arch), ordered as create() tries them. BoltcError when
    two are for one arch, or when their inputs or outputs differ (a model.so has one interface)."""
    if not programs:
        raise BoltcError("a model.so needs at least one arch")
    arches = [p.arch for p in programs]
    repeated = sorted({a for a in arches if arches.count(a) > 1})
    if repeated:
        raise BoltcError(f"arch {', '.join(repeated)} given twice")
    unknown = [a for a in arches if a not in manifest_format.TARGET_CAPABILITY]
    if unknown:
        raise BoltcError(f"unknown arch {', '.join(unknown)} (known: {', '.join(manifest_format.TARGET_CAPABILITY)})")
    order = manifest_format.preference_order(arches)
    ordered = tuple(sorted(programs, key=lambda p: order.index(p.arch)))
    first = ordered[0]
    for other in ordered[1:]:
        problem = interface_difference(first.describe, other.describe)
        if problem:
            raise BoltcError(f"{first.name}: the {first.arch} and {other.arch} builds differ in their {problem}; "
                             "one model.so has one interface: build one library per arch")
    return ModelLibrary(ordered)


def interface_difference(a: dict, b: dict) -> str | None:
    """What differs between two describe()s' inputs and outputs (None: nothing that matters)."""
    for kind in ("inputs", "outputs"):
        left = [{k: t[k] for k in INTERFACE_KEYS} for t in a[kind]]
        right = [{k: t[k] for k in INTERFACE_KEYS} for t in b[kind]]
        if left != right:
            return f"{kind} ({json.dumps(left)} vs {json.dumps(right)})"
    return None
