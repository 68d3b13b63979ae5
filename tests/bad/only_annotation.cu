#pragma tirx unroll
