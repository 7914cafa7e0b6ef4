// boltc: an entry point's `const void*` operand as the typed pointer a CUTLASS 2.x TensorRef or
// Arguments constructor takes (b2b_sm80.py and b2b_conv_sm80.py, example 13's kernels: they take
// non-const pointers to read-only operands too).
#pragma once

namespace boltc {

template <typename T>
T* device_pointer(const void* p) {
  return static_cast<T*>(const_cast<void*>(p));
}

}  // namespace boltc
