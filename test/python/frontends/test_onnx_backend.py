"""onnx's own backend test suite (`onnx.backend.test.BackendTest`) on boltc's backend.

What runs is decided by the importer's operator table (`boltc.frontends.onnx.OPERATORS`):
claiming an operator means every node test of it runs (its `_expanded` forms too), with the
`pytorch-converted` and `pytorch-operator` cases made of claimed operators only, and every model
under `onnx/backend/test/data/light`. Tolerances are onnx's (rtol 1e-3, atol 1e-7 unless a case
sets its own). The reference executor runs them here (CI has no GPU); test/gpu/test_onnx_backend_gpu.py
runs the light models through the compiled .so.

A node test that cannot pass is listed in UNSUPPORTED with the reason; each of those is checked
to be refused with a BoltcError (never wrong numbers): `test_unsupported_node_tests_are_refused`.
"""

from __future__ import annotations

import os
import re
from functools import cache

import pytest

onnx = pytest.importorskip("onnx")  # CI installs it; the front end is optional
import onnx.backend.test  # noqa: E402
from onnx.backend.test.loader import load_model_tests  # noqa: E402

from boltc.diagnostics import BoltcError  # noqa: E402
from boltc.frontends.onnx import OPERATORS  # noqa: E402
from boltc.onnx_backend import BoltcBackend  # noqa: E402


class InterpretedBackend(BoltcBackend):
    """The backend with the reference executor forced, on the CPU: what CI can run."""

    @classmethod
    def prepare(cls, model, device="CPU", **kwargs):
        return super().prepare(model, device, mode="interpret", **kwargs)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        return device.upper().startswith("CPU")

    @classmethod
    def is_compatible(cls, model, device="CPU", **kwargs) -> bool:
        # onnx's runner skips a model the backend calls incompatible: here every included case
        # must run, so the importer's refusal is a failure with its message, not a skip.
        return True


LIGHT_MODELS = ("bvlc_alexnet", "densenet121", "inception_v1", "inception_v2", "resnet50", "shufflenet",
                "squeezenet", "vgg19", "zfnet512")

# Light models expected to fail here, with the reason (run, and reported as xfail: an unexpected
# pass fails the suite, so this list cannot go stale). Empty: squeezenet, the last entry, drives its
# 1000 logits to ~9.5e9, equal in exact arithmetic, and expects a softmax of exactly 1/1000; it failed
# on CPUs where OpenBLAS's fp32 sum rounded output columns differently, and passes everywhere since
# the reference executor sums exactly (boltc/interpret/bolt.py).
LIGHT_XFAIL: dict[str, str] = {}

# Node tests of claimed operators that cannot pass: the reason, and the importer must refuse them.
_INT = "integer or boolean tensors at run time (boltc computes float32, float16 and bfloat16 tensors)"
_DOUBLE = "double tensors at run time (boltc computes float32, float16 and bfloat16 tensors)"
_NARROW = "float8/float4/int4/int2 and e8m0 types (boltc computes float32, float16 and bfloat16 tensors)"
_SHAPE_ARGS = ("shape arguments (pads, starts/ends/axes/steps, target shapes, split sizes, squeeze axes) fed "
               "as run-time int64 inputs: a static-shape compiler needs them at compile time (initializers or "
               "Constant nodes, as exported models have them)")
_COMPARE = ("the expanded form compares run-time values (Less/Greater/Equal feeding Where): boltc has no boolean "
            "tensors, and evaluates comparisons at compile time only")
_INT_OUTPUT = "the model returns an int64 tensor (Shape, Size): boltc models return float tensors"
_3D = "3-D convolution or pooling (bolt.conv2d and bolt.pool2d are 2-D; 1-D ones are mapped onto them)"
_DILATED_POOL = "dilated pooling (bolt.pool2d has no dilations)"
_TRAINING = "training mode (batch statistics, random dropout): boltc compiles inference"
_MASK = "returns the dropout mask (a boolean tensor)"
_INDICES = "returns max-pool indices (an int64 tensor)"
_NOT_TENSOR = "sequence or optional values"
_PAD_MODE = "Pad modes other than constant (edge, reflect, wrap)"
_CONV_TRANSPOSE = "ConvTranspose (out of scope, issue 11)"
_INSTANCE_NORM = "InstanceNormalization has no translation"
_TILE_RUNTIME = "Tile of a run-time tensor (boltc evaluates Tile at compile time only)"
UNSUPPORTED: dict[str, str] = {
    # pytorch-converted and pytorch-operator cases
    "test_AvgPool3d": _3D,
    "test_AvgPool3d_stride": _3D,
    "test_AvgPool3d_stride1_pad0_gpu_input": _3D,
    "test_Conv3d": _3D,
    "test_Conv3d_dilated": _3D,
    "test_Conv3d_dilated_strided": _3D,
    "test_Conv3d_groups": _3D,
    "test_Conv3d_no_bias": _3D,
    "test_Conv3d_stride": _3D,
    "test_Conv3d_stride_padding": _3D,
    "test_Embedding": _INT,
    "test_Embedding_sparse": _INT,
    "test_MaxPool1d_stride_padding_dilation": _DILATED_POOL,
    "test_MaxPool2d_stride_padding_dilation": _DILATED_POOL,
    "test_MaxPool3d": _3D,
    "test_MaxPool3d_stride": _3D,
    "test_MaxPool3d_stride_padding": _3D,
    "test_ReflectionPad2d": _PAD_MODE,
    "test_ReplicationPad2d": _PAD_MODE,
    "test_operator_add_broadcast": _DOUBLE,
    "test_operator_add_size1_broadcast": _DOUBLE,
    "test_operator_add_size1_right_broadcast": _DOUBLE,
    "test_operator_add_size1_singleton_broadcast": _DOUBLE,
    "test_operator_addconstant": _DOUBLE,
    "test_operator_non_float_params": _INT,
    "test_operator_pad": _PAD_MODE,
    "test_operator_repeat": _TILE_RUNTIME,
    "test_operator_repeat_dim_overflow": _TILE_RUNTIME,
    # node tests
    "test_add_int16": _INT,
    "test_add_int8": _INT,
    "test_add_uint16": _INT,
    "test_add_uint32": _INT,
    "test_add_uint64": _INT,
    "test_add_uint8": _INT,
    "test_averagepool_2d_dilations": _DILATED_POOL,
    "test_averagepool_3d_default": _3D,
    "test_averagepool_3d_dilations_large_count_include_pad_is_0_ceil_mode_is_False": _3D,
    "test_averagepool_3d_dilations_large_count_include_pad_is_0_ceil_mode_is_True": _3D,
    "test_averagepool_3d_dilations_large_count_include_pad_is_1_ceil_mode_is_False": _3D,
    "test_averagepool_3d_dilations_large_count_include_pad_is_1_ceil_mode_is_True": _3D,
    "test_averagepool_3d_dilations_small": _3D,
    "test_batchnorm_epsilon_training_mode": _TRAINING,
    "test_batchnorm_example_training_mode": _TRAINING,
    "test_cast_DOUBLE_to_FLOAT": _DOUBLE,
    "test_cast_DOUBLE_to_FLOAT16": _DOUBLE,
    "test_cast_FLOAT16_to_DOUBLE": _DOUBLE,
    "test_cast_FLOAT16_to_FLOAT4E2M1": _NARROW,
    "test_cast_FLOAT16_to_FLOAT8E4M3FN": _NARROW,
    "test_cast_FLOAT16_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_cast_FLOAT16_to_FLOAT8E5M2": _NARROW,
    "test_cast_FLOAT16_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_cast_FLOAT16_to_INT2": _NARROW,
    "test_cast_FLOAT16_to_INT4": _NARROW,
    "test_cast_FLOAT16_to_UINT2": _NARROW,
    "test_cast_FLOAT16_to_UINT4": _NARROW,
    "test_cast_FLOAT4E2M1_to_FLOAT": _NARROW,
    "test_cast_FLOAT4E2M1_to_FLOAT16": _NARROW,
    "test_cast_FLOAT8E4M3FNUZ_to_FLOAT": _NARROW,
    "test_cast_FLOAT8E4M3FNUZ_to_FLOAT16": _NARROW,
    "test_cast_FLOAT8E4M3FN_to_FLOAT": _NARROW,
    "test_cast_FLOAT8E4M3FN_to_FLOAT16": _NARROW,
    "test_cast_FLOAT8E5M2FNUZ_to_FLOAT": _NARROW,
    "test_cast_FLOAT8E5M2FNUZ_to_FLOAT16": _NARROW,
    "test_cast_FLOAT8E5M2_to_FLOAT": _NARROW,
    "test_cast_FLOAT8E5M2_to_FLOAT16": _NARROW,
    "test_cast_FLOAT_to_DOUBLE": _DOUBLE,
    "test_cast_FLOAT_to_FLOAT4E2M1": _NARROW,
    "test_cast_FLOAT_to_FLOAT8E4M3FN": _NARROW,
    "test_cast_FLOAT_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_cast_FLOAT_to_FLOAT8E5M2": _NARROW,
    "test_cast_FLOAT_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_cast_FLOAT_to_INT2": _NARROW,
    "test_cast_FLOAT_to_INT4": _NARROW,
    "test_cast_FLOAT_to_UINT2": _NARROW,
    "test_cast_FLOAT_to_UINT4": _NARROW,
    "test_cast_INT2_to_FLOAT": _INT,
    "test_cast_INT2_to_FLOAT16": _INT,
    "test_cast_INT2_to_INT8": _INT,
    "test_cast_INT4_to_FLOAT": _INT,
    "test_cast_INT4_to_FLOAT16": _INT,
    "test_cast_INT4_to_INT8": _INT,
    "test_cast_UINT2_to_FLOAT": _INT,
    "test_cast_UINT2_to_FLOAT16": _INT,
    "test_cast_UINT2_to_UINT8": _INT,
    "test_cast_UINT4_to_FLOAT": _INT,
    "test_cast_UINT4_to_FLOAT16": _INT,
    "test_cast_UINT4_to_UINT8": _INT,
    "test_cast_e8m0_FLOAT16_to_FLOAT8E8M0": _NARROW,
    "test_cast_e8m0_FLOAT8E8M0_to_FLOAT": _NARROW,
    "test_cast_e8m0_FLOAT8E8M0_to_FLOAT16": _NARROW,
    "test_cast_e8m0_FLOAT_to_FLOAT8E8M0": _NARROW,
    "test_cast_no_saturate_FLOAT16_to_FLOAT8E4M3FN": _NARROW,
    "test_cast_no_saturate_FLOAT16_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_cast_no_saturate_FLOAT16_to_FLOAT8E5M2": _NARROW,
    "test_cast_no_saturate_FLOAT16_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_cast_no_saturate_FLOAT_to_FLOAT8E4M3FN": _NARROW,
    "test_cast_no_saturate_FLOAT_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_cast_no_saturate_FLOAT_to_FLOAT8E5M2": _NARROW,
    "test_cast_no_saturate_FLOAT_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_castlike_DOUBLE_to_FLOAT": _DOUBLE,
    "test_castlike_DOUBLE_to_FLOAT16": _DOUBLE,
    "test_castlike_DOUBLE_to_FLOAT16_expanded": _DOUBLE,
    "test_castlike_DOUBLE_to_FLOAT_expanded": _DOUBLE,
    "test_castlike_FLOAT16_to_DOUBLE": _DOUBLE,
    "test_castlike_FLOAT16_to_DOUBLE_expanded": _DOUBLE,
    "test_castlike_FLOAT16_to_FLOAT4E2M1": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT4E2M1_expanded": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E4M3FN": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E4M3FNUZ_expanded": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E4M3FN_expanded": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E5M2": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E5M2FNUZ_expanded": _NARROW,
    "test_castlike_FLOAT16_to_FLOAT8E5M2_expanded": _NARROW,
    "test_castlike_FLOAT16_to_INT2": _INT,
    "test_castlike_FLOAT16_to_INT2_expanded": _INT,
    "test_castlike_FLOAT16_to_INT4": _INT,
    "test_castlike_FLOAT16_to_INT4_expanded": _INT,
    "test_castlike_FLOAT16_to_UINT2": _INT,
    "test_castlike_FLOAT16_to_UINT2_expanded": _INT,
    "test_castlike_FLOAT16_to_UINT4": _INT,
    "test_castlike_FLOAT16_to_UINT4_expanded": _INT,
    "test_castlike_FLOAT4E2M1_to_FLOAT": _NARROW,
    "test_castlike_FLOAT4E2M1_to_FLOAT16": _NARROW,
    "test_castlike_FLOAT4E2M1_to_FLOAT16_expanded": _NARROW,
    "test_castlike_FLOAT4E2M1_to_FLOAT_expanded": _NARROW,
    "test_castlike_FLOAT8E4M3FNUZ_to_FLOAT": _NARROW,
    "test_castlike_FLOAT8E4M3FNUZ_to_FLOAT16": _NARROW,
    "test_castlike_FLOAT8E4M3FNUZ_to_FLOAT16_expanded": _NARROW,
    "test_castlike_FLOAT8E4M3FNUZ_to_FLOAT_expanded": _NARROW,
    "test_castlike_FLOAT8E4M3FN_to_FLOAT": _NARROW,
    "test_castlike_FLOAT8E4M3FN_to_FLOAT16": _NARROW,
    "test_castlike_FLOAT8E4M3FN_to_FLOAT16_expanded": _NARROW,
    "test_castlike_FLOAT8E4M3FN_to_FLOAT_expanded": _NARROW,
    "test_castlike_FLOAT8E5M2FNUZ_to_FLOAT": _NARROW,
    "test_castlike_FLOAT8E5M2FNUZ_to_FLOAT16": _NARROW,
    "test_castlike_FLOAT8E5M2FNUZ_to_FLOAT16_expanded": _NARROW,
    "test_castlike_FLOAT8E5M2FNUZ_to_FLOAT_expanded": _NARROW,
    "test_castlike_FLOAT8E5M2_to_FLOAT": _NARROW,
    "test_castlike_FLOAT8E5M2_to_FLOAT16": _NARROW,
    "test_castlike_FLOAT8E5M2_to_FLOAT16_expanded": _NARROW,
    "test_castlike_FLOAT8E5M2_to_FLOAT_expanded": _NARROW,
    "test_castlike_FLOAT_to_DOUBLE": _DOUBLE,
    "test_castlike_FLOAT_to_DOUBLE_expanded": _DOUBLE,
    "test_castlike_FLOAT_to_FLOAT4E2M1": _NARROW,
    "test_castlike_FLOAT_to_FLOAT4E2M1_expanded": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E4M3FN": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E4M3FNUZ_expanded": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E4M3FN_expanded": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E5M2": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E5M2FNUZ_expanded": _NARROW,
    "test_castlike_FLOAT_to_FLOAT8E5M2_expanded": _NARROW,
    "test_castlike_FLOAT_to_INT2": _INT,
    "test_castlike_FLOAT_to_INT2_expanded": _INT,
    "test_castlike_FLOAT_to_INT4": _INT,
    "test_castlike_FLOAT_to_INT4_expanded": _INT,
    "test_castlike_FLOAT_to_UINT2": _INT,
    "test_castlike_FLOAT_to_UINT2_expanded": _INT,
    "test_castlike_FLOAT_to_UINT4": _INT,
    "test_castlike_FLOAT_to_UINT4_expanded": _INT,
    "test_castlike_INT2_to_FLOAT": _INT,
    "test_castlike_INT2_to_FLOAT16": _INT,
    "test_castlike_INT2_to_FLOAT16_expanded": _INT,
    "test_castlike_INT2_to_FLOAT_expanded": _INT,
    "test_castlike_INT2_to_INT8": _INT,
    "test_castlike_INT2_to_INT8_expanded": _INT,
    "test_castlike_INT4_to_FLOAT": _INT,
    "test_castlike_INT4_to_FLOAT16": _INT,
    "test_castlike_INT4_to_FLOAT16_expanded": _INT,
    "test_castlike_INT4_to_FLOAT_expanded": _INT,
    "test_castlike_INT4_to_INT8": _INT,
    "test_castlike_INT4_to_INT8_expanded": _INT,
    "test_castlike_UINT2_to_FLOAT": _INT,
    "test_castlike_UINT2_to_FLOAT16": _INT,
    "test_castlike_UINT2_to_FLOAT16_expanded": _INT,
    "test_castlike_UINT2_to_FLOAT_expanded": _INT,
    "test_castlike_UINT2_to_UINT8": _INT,
    "test_castlike_UINT2_to_UINT8_expanded": _INT,
    "test_castlike_UINT4_to_FLOAT": _INT,
    "test_castlike_UINT4_to_FLOAT16": _INT,
    "test_castlike_UINT4_to_FLOAT16_expanded": _INT,
    "test_castlike_UINT4_to_FLOAT_expanded": _INT,
    "test_castlike_UINT4_to_UINT8": _INT,
    "test_castlike_UINT4_to_UINT8_expanded": _INT,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E4M3FN": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E4M3FNUZ_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E4M3FN_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E5M2": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E5M2FNUZ_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT16_to_FLOAT8E5M2_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E4M3FN": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E4M3FNUZ": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E4M3FNUZ_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E4M3FN_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E5M2": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E5M2FNUZ": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E5M2FNUZ_expanded": _NARROW,
    "test_castlike_no_saturate_FLOAT_to_FLOAT8E5M2_expanded": _NARROW,
    "test_clip_default_int8_inbounds": _INT,
    "test_clip_default_int8_inbounds_expanded": _INT,
    "test_clip_default_int8_max": _INT,
    "test_clip_default_int8_max_expanded": _INT,
    "test_clip_default_int8_min": _INT,
    "test_clip_default_int8_min_expanded": _INT,
    "test_clip_default_max_expanded": _COMPARE,
    "test_clip_default_min_expanded": _COMPARE,
    "test_clip_example_expanded": _COMPARE,
    "test_clip_expanded": _COMPARE,
    "test_clip_inbounds_expanded": _COMPARE,
    "test_clip_min_greater_than_max_expanded": _COMPARE,
    "test_clip_outbounds_expanded": _COMPARE,
    "test_clip_splitbounds_expanded": _COMPARE,
    "test_constant_pad": _SHAPE_ARGS,
    "test_constant_pad_axes": _SHAPE_ARGS,
    "test_constant_pad_negative_axes": _SHAPE_ARGS,
    "test_constantofshape_float_ones": _INT,
    "test_constantofshape_int_shape_zero": _INT,
    "test_constantofshape_int_zeros": _INT,
    "test_div_int16": _INT,
    "test_div_int32_trunc": _INT,
    "test_div_int8": _INT,
    "test_div_uint16": _INT,
    "test_div_uint32": _INT,
    "test_div_uint64": _INT,
    "test_div_uint8": _INT,
    "test_dropout_default_mask": _MASK,
    "test_dropout_default_mask_ratio": _MASK,
    "test_edge_pad": _INT,
    "test_elu_default_expanded_ver18": _COMPARE,
    "test_elu_example_expanded_ver18": _COMPARE,
    "test_elu_expanded_ver18": _COMPARE,
    "test_expand_dim_changed": _SHAPE_ARGS,
    "test_expand_dim_unchanged": _SHAPE_ARGS,
    "test_gather_0": _SHAPE_ARGS,
    "test_gather_1": _SHAPE_ARGS,
    "test_gather_2d_indices": _SHAPE_ARGS,
    "test_gather_negative_indices": _SHAPE_ARGS,
    "test_identity_opt": _NOT_TENSOR,
    "test_identity_sequence": _NOT_TENSOR,
    "test_leakyrelu_default_expanded": _COMPARE,
    "test_leakyrelu_example_expanded": _COMPARE,
    "test_leakyrelu_expanded": _COMPARE,
    "test_max_float64": _DOUBLE,
    "test_max_int16": _INT,
    "test_max_int32": _INT,
    "test_max_int64": _INT,
    "test_max_int8": _INT,
    "test_max_uint16": _INT,
    "test_max_uint32": _INT,
    "test_max_uint64": _INT,
    "test_max_uint8": _INT,
    "test_maxpool_2d_dilations": _DILATED_POOL,
    "test_maxpool_2d_uint8": _INT,
    "test_maxpool_3d_default": _3D,
    "test_maxpool_3d_dilations": _3D,
    "test_maxpool_3d_dilations_use_ref_impl": _3D,
    "test_maxpool_3d_dilations_use_ref_impl_large": _3D,
    "test_maxpool_with_argmax_2d_precomputed_pads": _INDICES,
    "test_maxpool_with_argmax_2d_precomputed_strides": _INDICES,
    "test_min_float64": _DOUBLE,
    "test_min_int16": _INT,
    "test_min_int32": _INT,
    "test_min_int64": _INT,
    "test_min_int8": _INT,
    "test_min_uint16": _INT,
    "test_min_uint32": _INT,
    "test_min_uint64": _INT,
    "test_min_uint8": _INT,
    "test_mul_int16": _INT,
    "test_mul_int8": _INT,
    "test_mul_uint16": _INT,
    "test_mul_uint32": _INT,
    "test_mul_uint64": _INT,
    "test_mul_uint8": _INT,
    "test_pow_types_float32_int32": _INT,
    "test_pow_types_float32_int64": _INT,
    "test_pow_types_float32_uint32": _INT,
    "test_pow_types_float32_uint64": _INT,
    "test_pow_types_int32_float32": _INT,
    "test_pow_types_int32_int32": _INT,
    "test_pow_types_int64_float32": _INT,
    "test_pow_types_int64_int64": _INT,
    "test_prelu_broadcast_expanded": _COMPARE,
    "test_prelu_example_expanded": _COMPARE,
    "test_reduce_max_bool_inputs": _INT,
    "test_reduce_max_do_not_keepdims_example": _SHAPE_ARGS,
    "test_reduce_max_do_not_keepdims_random": _SHAPE_ARGS,
    "test_reduce_max_empty_set": _SHAPE_ARGS,
    "test_reduce_max_empty_set_bool": _INT,
    "test_reduce_max_keepdims_example": _SHAPE_ARGS,
    "test_reduce_max_keepdims_random": _SHAPE_ARGS,
    "test_reduce_max_negative_axes_keepdims_example": _SHAPE_ARGS,
    "test_reduce_max_negative_axes_keepdims_random": _SHAPE_ARGS,
    "test_reduce_mean_default_axes_keepdims_example": _SHAPE_ARGS,
    "test_reduce_mean_default_axes_keepdims_random": _SHAPE_ARGS,
    "test_reduce_mean_do_not_keepdims_example": _SHAPE_ARGS,
    "test_reduce_mean_do_not_keepdims_random": _SHAPE_ARGS,
    "test_reduce_mean_keepdims_example": _SHAPE_ARGS,
    "test_reduce_mean_keepdims_random": _SHAPE_ARGS,
    "test_reduce_mean_negative_axes_keepdims_example": _SHAPE_ARGS,
    "test_reduce_mean_negative_axes_keepdims_random": _SHAPE_ARGS,
    "test_reduce_min_bool_inputs": _INT,
    "test_reduce_min_do_not_keepdims_example": _SHAPE_ARGS,
    "test_reduce_min_do_not_keepdims_random": _SHAPE_ARGS,
    "test_reduce_min_empty_set": _SHAPE_ARGS,
    "test_reduce_min_keepdims_example": _SHAPE_ARGS,
    "test_reduce_min_keepdims_random": _SHAPE_ARGS,
    "test_reduce_min_negative_axes_keepdims_example": _SHAPE_ARGS,
    "test_reduce_min_negative_axes_keepdims_random": _SHAPE_ARGS,
    "test_reduce_sum_default_axes_keepdims_example": _SHAPE_ARGS,
    "test_reduce_sum_default_axes_keepdims_random": _SHAPE_ARGS,
    "test_reduce_sum_do_not_keepdims_example": _SHAPE_ARGS,
    "test_reduce_sum_do_not_keepdims_random": _SHAPE_ARGS,
    "test_reduce_sum_empty_axes_input_noop": _SHAPE_ARGS,
    "test_reduce_sum_empty_axes_input_noop_example": _SHAPE_ARGS,
    "test_reduce_sum_empty_set": _SHAPE_ARGS,
    "test_reduce_sum_empty_set_non_reduced_axis_zero": _SHAPE_ARGS,
    "test_reduce_sum_keepdims_example": _SHAPE_ARGS,
    "test_reduce_sum_keepdims_random": _SHAPE_ARGS,
    "test_reduce_sum_negative_axes_keepdims_example": _SHAPE_ARGS,
    "test_reduce_sum_negative_axes_keepdims_random": _SHAPE_ARGS,
    "test_reflect_pad": _INT,
    "test_reshape_allowzero_reordered": _SHAPE_ARGS,
    "test_reshape_extended_dims": _SHAPE_ARGS,
    "test_reshape_negative_dim": _SHAPE_ARGS,
    "test_reshape_negative_extended_dims": _SHAPE_ARGS,
    "test_reshape_one_dim": _SHAPE_ARGS,
    "test_reshape_reduced_dims": _SHAPE_ARGS,
    "test_reshape_reordered_all_dims": _SHAPE_ARGS,
    "test_reshape_reordered_last_dims": _SHAPE_ARGS,
    "test_reshape_zero_and_negative_dim": _SHAPE_ARGS,
    "test_reshape_zero_dim": _SHAPE_ARGS,
    "test_selu_default_expanded_ver18": _COMPARE,
    "test_selu_example_expanded_ver18": _COMPARE,
    "test_selu_expanded_ver18": _COMPARE,
    "test_shape": _INT_OUTPUT,
    "test_shape_clip_end": _INT_OUTPUT,
    "test_shape_clip_start": _INT_OUTPUT,
    "test_shape_end_1": _INT_OUTPUT,
    "test_shape_end_negative_1": _INT_OUTPUT,
    "test_shape_example": _INT_OUTPUT,
    "test_shape_start_1": _INT_OUTPUT,
    "test_shape_start_1_end_2": _INT_OUTPUT,
    "test_shape_start_1_end_negative_1": _INT_OUTPUT,
    "test_shape_start_greater_than_end": _INT_OUTPUT,
    "test_shape_start_negative_1": _INT_OUTPUT,
    "test_size": _INT_OUTPUT,
    "test_size_example": _INT_OUTPUT,
    "test_slice": _SHAPE_ARGS,
    "test_slice_default_axes": _SHAPE_ARGS,
    "test_slice_default_steps": _SHAPE_ARGS,
    "test_slice_end_out_of_bounds": _SHAPE_ARGS,
    "test_slice_neg": _SHAPE_ARGS,
    "test_slice_neg_steps": _SHAPE_ARGS,
    "test_slice_negative_axes": _SHAPE_ARGS,
    "test_slice_start_out_of_bounds": _SHAPE_ARGS,
    "test_split_variable_parts_1d_opset13": _SHAPE_ARGS,
    "test_split_variable_parts_1d_opset18": _SHAPE_ARGS,
    "test_split_variable_parts_2d_opset13": _SHAPE_ARGS,
    "test_split_variable_parts_2d_opset18": _SHAPE_ARGS,
    "test_split_variable_parts_default_axis_opset13": _SHAPE_ARGS,
    "test_split_variable_parts_default_axis_opset18": _SHAPE_ARGS,
    "test_split_zero_size_splits_opset13": _SHAPE_ARGS,
    "test_split_zero_size_splits_opset18": _SHAPE_ARGS,
    "test_squeeze": _SHAPE_ARGS,
    "test_squeeze_negative_axes": _SHAPE_ARGS,
    "test_sub_int16": _INT,
    "test_sub_int8": _INT,
    "test_sub_uint16": _INT,
    "test_sub_uint32": _INT,
    "test_sub_uint64": _INT,
    "test_sub_uint8": _INT,
    "test_thresholdedrelu_default_expanded_ver18": _COMPARE,
    "test_thresholdedrelu_example_expanded_ver18": _COMPARE,
    "test_thresholdedrelu_expanded_ver18": _COMPARE,
    "test_training_dropout": _INT,
    "test_training_dropout_default": _INT,
    "test_training_dropout_default_mask": _INT,
    "test_training_dropout_mask": _INT,
    "test_training_dropout_zero_ratio": _INT,
    "test_training_dropout_zero_ratio_mask": _INT,
    "test_unsqueeze_axis_0": _SHAPE_ARGS,
    "test_unsqueeze_axis_1": _SHAPE_ARGS,
    "test_unsqueeze_axis_2": _SHAPE_ARGS,
    "test_unsqueeze_negative_axes": _SHAPE_ARGS,
    "test_unsqueeze_three_axes": _SHAPE_ARGS,
    "test_unsqueeze_two_axes": _SHAPE_ARGS,
    "test_unsqueeze_unsorted_axes": _SHAPE_ARGS,
    "test_wrap_pad": _INT,
}


def _main_op(model) -> str | None:
    types = [n.op_type for n in model.graph.node]
    main = [t for t in types if t != "Constant"] or types
    return main[0] if main else None


def _all_ops(model) -> set[str]:
    ops = set()
    for node in model.graph.node:
        ops.add(node.op_type)
    for f in model.functions:
        ops |= {n.op_type for n in f.node}
    return ops


@cache
def claimed_node_tests() -> dict[str, str]:
    """Node test name -> its operator, for every operator the table claims (run-time ones)."""
    tests = load_model_tests(kind="node")
    by_name = {t.name: t for t in tests}
    claimed = {}
    for t in tests:
        base = re.sub(r"_expanded(_ver\d+)?$", "", t.name)
        source = by_name.get(base, t)
        op = _main_op(source.model)
        if op in OPERATORS and not OPERATORS[op].compile_time:
            claimed[t.name] = op
    return claimed


@cache
def claimed_model_tests(kind: str) -> list[str]:
    """pytorch-converted / pytorch-operator cases made only of claimed operators."""
    names = []
    for t in load_model_tests(kind=kind):
        model = onnx.load(os.path.join(t.model_dir, "model.onnx"))
        if _all_ops(model) <= set(OPERATORS):
            names.append(t.name)
    return sorted(names)


def _exact(names) -> str:
    return "^(" + "|".join(re.escape(n) for n in sorted(names)) + ")_cpu$"


backend_test = onnx.backend.test.BackendTest(InterpretedBackend, __name__)
backend_test.include(_exact(claimed_node_tests()))
backend_test.include(_exact(claimed_model_tests("pytorch-converted")))
backend_test.include(_exact(claimed_model_tests("pytorch-operator")))
backend_test.include(_exact(f"test_{m}" for m in LIGHT_MODELS))
if UNSUPPORTED:
    backend_test.exclude(_exact(UNSUPPORTED))  # checked below to be refused
for name in LIGHT_XFAIL:
    backend_test.xfail(_exact([f"test_{name}"]))

_included = [re.compile(p.pattern) for p in backend_test._include_patterns]
for _case_name, _case in backend_test.test_cases.items():
    # Only the included tests are collected: the rest are other operators', not skips to read past.
    for _attr in [a for a in vars(_case) if a.startswith("test_")]:
        if not any(p.search(_attr) for p in _included) or (UNSUPPORTED and re.search(_exact(UNSUPPORTED), _attr)):
            delattr(_case, _attr)
    globals()[_case_name] = _case


@pytest.fixture(autouse=True, scope="module")
def _onnx_home(tmp_path_factory):
    """onnx's runner writes the light models' input and output files under $ONNX_HOME."""
    previous = os.environ.get("ONNX_HOME")
    os.environ["ONNX_HOME"] = str(tmp_path_factory.mktemp("onnx_home"))
    yield
    if previous is None:
        os.environ.pop("ONNX_HOME", None)
    else:
        os.environ["ONNX_HOME"] = previous


def test_every_claimed_operator_has_node_tests_that_run():
    """Claiming an operator runs its node tests: each run-time operator of the table has some
    that are neither excluded nor refused."""
    claimed = claimed_node_tests()
    running = {op for name, op in claimed.items() if name not in UNSUPPORTED}
    runtime_ops = {op for op, s in OPERATORS.items() if not s.compile_time}
    assert runtime_ops - running == set(NO_RUNNING_NODE_TEST), sorted(runtime_ops - running)


# Operators whose every onnx node test feeds its shape arguments (or indices) as run-time int64
# inputs, or returns an int64 tensor: test_onnx.py tests them with known arguments, as exported
# models hold them.
NO_RUNNING_NODE_TEST = {
    "ConstantOfShape": _INT_OUTPUT + "; its node tests take the shape as a run-time input",
    "Expand": _SHAPE_ARGS, "Gather": "indices fed as run-time int64 inputs", "Pad": _SHAPE_ARGS,
    "ReduceMean": _SHAPE_ARGS, "ReduceSum": _SHAPE_ARGS, "Reshape": _SHAPE_ARGS, "Shape": _INT_OUTPUT,
    "Size": _INT_OUTPUT, "Slice": _SHAPE_ARGS, "Squeeze": _SHAPE_ARGS, "Unsqueeze": _SHAPE_ARGS,
}


def test_light_models_are_compatible():
    """is_compatible gates the light tests (a False would skip them): every light model imports."""
    import glob

    root = os.path.join(os.path.dirname(onnx.__file__), "backend", "test", "data", "light")
    files = sorted(glob.glob(os.path.join(root, "light_*.onnx")))
    assert len(files) == len(LIGHT_MODELS)
    for path in files:
        assert BoltcBackend.is_compatible(onnx.load(path)), path


@cache
def _test_model(name: str):
    for t in load_model_tests(kind="node"):
        if t.name == name:
            return t.model
    for kind in ("pytorch-converted", "pytorch-operator"):
        for t in load_model_tests(kind=kind):
            if t.name == name:
                return onnx.load(os.path.join(t.model_dir, "model.onnx"))
    raise KeyError(name)


@pytest.mark.parametrize("name", sorted(UNSUPPORTED))
def test_unsupported_cases_are_refused(name: str):
    """An excluded case is one boltc says it cannot run: a BoltcError, not wrong numbers."""
    model = _test_model(name)
    assert not BoltcBackend.is_compatible(model)
    with pytest.raises(BoltcError):
        InterpretedBackend.prepare(model)
