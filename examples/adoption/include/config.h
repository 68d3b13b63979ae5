// Shared settings; editing this file re-runs tirx-pp on src/row_sum.cu.
#pragma once
#define CHUNK 4
