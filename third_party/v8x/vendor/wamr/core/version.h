/*
 * Copyright (C) 2019 Intel Corporation.  All rights reserved.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 */

/*
 * version.h.in is a template file.  version.h is a generated file.
 * Please do not edit both files directly.
 *
 * Any changes to the version should be done in build-scripts/version.cmake.
 *
 * Continue to maintain the version.h for certain embedded platforms.
 */

#ifndef _WAMR_VERSION_H_
#define _WAMR_VERSION_H_

/* clang-format off */
#define WAMR_VERSION_MAJOR 2
#define WAMR_VERSION_MINOR 4
#define WAMR_VERSION_PATCH 3
/* clang-format on */

#endif
