// 65 events in one declaration, the last sized by a literal too large for
// any type: the literal check reads every clause (it once stopped at 64).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e0[2], e1[2], e2[2], e3[2], e4[2], e5[2], e6[2], e7[2], e8[2], e9[2], e10[2], e11[2], e12[2], e13[2], e14[2], e15[2], e16[2], e17[2], e18[2], e19[2], e20[2], e21[2], e22[2], e23[2], e24[2], e25[2], e26[2], e27[2], e28[2], e29[2], e30[2], e31[2], e32[2], e33[2], e34[2], e35[2], e36[2], e37[2], e38[2], e39[2], e40[2], e41[2], e42[2], e43[2], e44[2], e45[2], e46[2], e47[2], e48[2], e49[2], e50[2], e51[2], e52[2], e53[2], e54[2], e55[2], e56[2], e57[2], e58[2], e59[2], e60[2], e61[2], e62[2], e63[2], last[99999999999999999999]
#pragma tirx async(wg == 0)
  { a[0] = 1.f; }
#pragma tirx async(wg == 1)
  { a[1] = 1.f; }
}
