// The types of `@ontrove/extend/toolkit` for type-checking the examples (see ../tsconfig.json).
// One source of truth: the self-contained declarations `trove-host new` ships with every new
// toolkit (zod 4's typing included, so no `npm install` is needed). The host provides the real
// module at run time; this file is never loaded.
export * from '../../cli/templates/new/types/ontrove-extend-toolkit.js';
