// Type declarations for `@ontrove/extend/toolkit`, the one module a toolkit imports.
//
// Self-contained on purpose: no npm install, no `zod` package. The host provides the real
// module at run time (with the real zod 4); this file is only read by `tsc` and your editor,
// never loaded. `z` below is a faithful subset of zod 4's typing: what a schema accepts
// (`z.input`), what parsing gives back (`z.output` / `z.infer`), and the usual builders.
// Anything zod has that is missing here still works at run time; it just needs a cast.

// =============================================================================================
// z — zod 4 (subset)
// =============================================================================================

export declare namespace z {
  // ---- type-level helpers ------------------------------------------------------------------

  type Primitive = string | number | bigint | boolean | null | undefined;
  type Literal = string | number | bigint | boolean | null | undefined;
  type NoUndefined<T> = T extends undefined ? never : T;
  type Flatten<T> = { [K in keyof T]: T[K] } & {};
  type Writeable<T> = { -readonly [K in keyof T]: T[K] };
  type Mask<K extends PropertyKey> = { [P in K]?: true };
  type Extend<A, B> = Flatten<{ [K in keyof A as K extends keyof B ? never : K]: A[K] } & { [K in keyof B]: B[K] }>;
  type EnumLike = Readonly<Record<string, string | number>>;
  type ToEnum<T extends string | number> = Flatten<{ [K in T]: K }>;
  type MakeReadonly<T> = T extends Map<infer K, infer V>
    ? ReadonlyMap<K, V>
    : T extends Set<infer V>
      ? ReadonlySet<V>
      : T extends readonly unknown[]
        ? Readonly<T>
        : T extends object
          ? Readonly<T>
          : T;

  /** What every schema carries at the type level (zod's `schema._zod`). */
  interface $ZodTypeInternals<O = unknown, I = unknown> {
    /** @internal type-level only */
    readonly output: O;
    /** @internal type-level only */
    readonly input: I;
    /** `"optional"` when the key may be absent from an object's input. */
    readonly optin?: 'optional' | undefined;
    /** `"optional"` when the key may be absent from an object's output. */
    readonly optout?: 'optional' | undefined;
    readonly def: { readonly type: string };
  }

  type SomeType = { readonly _zod: $ZodTypeInternals<any, any> };

  /** The type a schema produces (after defaults and transforms). */
  type output<T> = T extends { readonly _zod: { readonly output: any } } ? T['_zod']['output'] : unknown;
  /** The type a schema accepts. */
  type input<T> = T extends { readonly _zod: { readonly input: any } } ? T['_zod']['input'] : unknown;
  /** Same as `z.output<T>`. */
  type infer<T> = output<T>;
  /** @deprecated Use `z.output<T>`. */
  type TypeOf<T> = output<T>;
  /** @deprecated Use `z.output<T>`. */
  type Infer<T> = output<T>;

  // ---- issues, errors, parse results -------------------------------------------------------

  interface ZodIssue {
    readonly code: string;
    readonly path: PropertyKey[];
    readonly message: string;
    readonly input?: unknown;
    readonly [key: string]: unknown;
  }
  type $ZodIssue = ZodIssue;

  interface ZodError<T = unknown> extends Error {
    readonly name: 'ZodError' | (string & {});
    readonly issues: ZodIssue[];
    /** @deprecated Use `z.treeifyError(err)`. */
    format(): unknown;
    /** @deprecated Use `z.flattenError(err)`. */
    flatten(): { formErrors: string[]; fieldErrors: { [K in keyof T & string]?: string[] } };
    /** Type-level only: the type the failed parse would have produced. */
    readonly _output?: T;
  }

  type ZodSafeParseResult<T> = ZodSafeParseSuccess<T> | ZodSafeParseError<T>;
  type ZodSafeParseSuccess<T> = { success: true; data: T; error?: never };
  type ZodSafeParseError<T> = { success: false; data?: never; error: ZodError<T> };
  /** @deprecated Zod 3 name of `ZodSafeParseResult`. */
  type SafeParseReturnType<_I, O> = ZodSafeParseResult<O>;

  interface ParseContext {
    /** Stop at the first issue. */
    readonly jitless?: boolean;
    readonly reportInput?: boolean;
    readonly error?: (issue: ZodIssue) => string | { message: string } | undefined | null;
  }

  /** Options most checks and builders take: a message, or `{ error | message }`. */
  type Params =
    | string
    | {
        /** The message for this check's issue. */
        error?: string | ((issue: ZodIssue) => string | { message: string } | undefined | null);
        /** @deprecated Use `error`. */
        message?: string;
        abort?: boolean;
      };

  interface CustomParams {
    error?: string | ((issue: ZodIssue) => string | { message: string } | undefined | null);
    message?: string;
    /** Where the issue is reported, e.g. `['to']` for an object-level refine. */
    path?: PropertyKey[];
    abort?: boolean;
    params?: Record<string, unknown>;
    when?: (payload: { value: unknown; issues: ZodIssue[] }) => boolean;
  }

  type IssueInput =
    | string
    | {
        code?: string;
        message?: string;
        path?: PropertyKey[];
        input?: unknown;
        fatal?: boolean;
        continue?: boolean;
        [key: string]: unknown;
      };

  interface CheckCtx<T = unknown> {
    readonly value: T;
    readonly issues: ZodIssue[];
  }

  interface RefinementCtx<T = unknown> {
    readonly value: T;
    readonly issues: ZodIssue[];
    addIssue(issue: IssueInput): void;
  }

  // ---- the base schema ---------------------------------------------------------------------

  interface ZodType<out O = unknown, out I = unknown, out Internals extends $ZodTypeInternals<O, I> = $ZodTypeInternals<O, I>> {
    /** Type-level internals (`z.input` / `z.output` read them). */
    readonly _zod: Internals;
    readonly def: Internals['def'];
    readonly type: Internals['def']['type'];
    /** @deprecated Use `z.output<typeof schema>`. */
    readonly _output: Internals['output'];
    /** @deprecated Use `z.input<typeof schema>`. */
    readonly _input: Internals['input'];
    readonly description?: string;

    parse(data: unknown, params?: ParseContext): output<this>;
    safeParse(data: unknown, params?: ParseContext): ZodSafeParseResult<output<this>>;
    parseAsync(data: unknown, params?: ParseContext): Promise<output<this>>;
    safeParseAsync(data: unknown, params?: ParseContext): Promise<ZodSafeParseResult<output<this>>>;

    /** A custom check: return a falsy value (or a promise of one) to fail with `params`' message. */
    refine(check: (arg: output<this>) => unknown | Promise<unknown>, params?: string | CustomParams): this;
    superRefine(refinement: (arg: output<this>, ctx: RefinementCtx<output<this>>) => void | Promise<void>): this;
    check(...checks: ((ctx: CheckCtx<output<this>>) => void | Promise<void>)[]): this;
    overwrite(fn: (value: output<this>) => output<this>): this;

    optional(): ZodOptional<this>;
    nonoptional(params?: Params): ZodNonOptional<this>;
    nullable(): ZodNullable<this>;
    nullish(): ZodOptional<ZodNullable<this>>;
    /** The value used when the input is `undefined` (also makes the key optional in the input). */
    default(def: NoUndefined<output<this>>): ZodDefault<this>;
    default(def: () => NoUndefined<output<this>>): ZodDefault<this>;
    /** Like `default`, but the value is parsed as input. */
    prefault(def: input<this>): ZodPrefault<this>;
    prefault(def: () => input<this>): ZodPrefault<this>;
    catch(def: output<this>): ZodCatch<this>;
    catch(def: (ctx: { error: ZodError; input: unknown }) => output<this>): ZodCatch<this>;
    array(): ZodArray<this>;
    or<T extends SomeType>(option: T): ZodUnion<[this, T]>;
    and<T extends SomeType>(incoming: T): ZodIntersection<this, T>;
    transform<NewOut>(
      transform: (arg: output<this>, ctx: RefinementCtx<output<this>>) => NewOut | Promise<NewOut>,
    ): ZodPipe<this, ZodTransform<Awaited<NewOut>, output<this>>>;
    pipe<T extends ZodType<any, output<this>, any>>(target: T | ZodType<any, output<this>, any>): ZodPipe<this, T>;
    readonly(): ZodReadonly<this>;
    brand<B extends PropertyKey = PropertyKey>(value?: B): this & ZodType<output<this> & { readonly __brand: B }, input<this>>;

    /** Registers a description (it becomes `description` in the JSON Schema the host publishes). */
    describe(description: string): this;
    meta(): Record<string, unknown> | undefined;
    meta(data: { id?: string; title?: string; description?: string; examples?: unknown[]; [k: string]: unknown }): this;
    /** Converts this schema to JSON Schema. */
    toJSONSchema(params?: ToJSONSchemaParams): JSONSchema;
    clone(): this;
    isOptional(): boolean;
    isNullable(): boolean;
    apply<T>(fn: (schema: this) => T): T;
  }

  /** The runtime class of a schema kind (for `instanceof`). */
  interface ZodClass<T> {
    new (def: never): T;
    readonly prototype: T;
    [Symbol.hasInstance](value: unknown): value is T;
  }

  /** @deprecated Use `z.ZodType`. */
  type ZodTypeAny = ZodType<any, any, any>;
  /** @deprecated Use `z.ZodType`. */
  type ZodSchema<O = unknown, I = unknown> = ZodType<O, I>;
  /** @deprecated Use `z.ZodType`. */
  type Schema<O = unknown, I = unknown> = ZodType<O, I>;
  type ZodRawShape = { readonly [k: string]: SomeType };
  type $ZodShape = ZodRawShape;
  type $ZodLooseShape = Record<string, any>;

  // ---- strings -----------------------------------------------------------------------------

  interface ZodStringInternals<I> extends $ZodTypeInternals<string, I> {
    readonly def: { readonly type: 'string' };
  }
  interface _ZodString<out I = string> extends ZodType<string, I, ZodStringInternals<I>> {
    readonly format: string | null;
    readonly minLength: number | null;
    readonly maxLength: number | null;
    regex(regex: RegExp, params?: Params): this;
    includes(value: string, params?: Params & { position?: number }): this;
    startsWith(value: string, params?: Params): this;
    endsWith(value: string, params?: Params): this;
    min(minLength: number, params?: Params): this;
    max(maxLength: number, params?: Params): this;
    length(len: number, params?: Params): this;
    nonempty(params?: Params): this;
    lowercase(params?: Params): this;
    uppercase(params?: Params): this;
    trim(): this;
    normalize(form?: 'NFC' | 'NFD' | 'NFKC' | 'NFKD'): this;
    toLowerCase(): this;
    toUpperCase(): this;
    slugify(): this;
    /** Prefer `z.email()`. */
    email(params?: Params & { pattern?: RegExp }): this;
    /** Prefer `z.url()`. */
    url(params?: Params & { hostname?: RegExp; protocol?: RegExp; normalize?: boolean }): this;
    /** Prefer `z.uuid()`. */
    uuid(params?: Params & { version?: 'v1' | 'v2' | 'v3' | 'v4' | 'v5' | 'v6' | 'v7' | 'v8' }): this;
    guid(params?: Params): this;
    emoji(params?: Params): this;
    nanoid(params?: Params): this;
    cuid(params?: Params): this;
    cuid2(params?: Params): this;
    ulid(params?: Params): this;
    ipv4(params?: Params): this;
    ipv6(params?: Params): this;
    cidrv4(params?: Params): this;
    cidrv6(params?: Params): this;
    base64(params?: Params): this;
    base64url(params?: Params): this;
    e164(params?: Params): this;
    jwt(params?: Params & { alg?: string }): this;
    /** Prefer `z.iso.datetime()`. ISO 8601; `offset`/`local` widen what is accepted. */
    datetime(params?: Params & { offset?: boolean; local?: boolean; precision?: number | null }): this;
    date(params?: Params): this;
    time(params?: Params & { precision?: number | null }): this;
    duration(params?: Params): this;
  }
  interface ZodString extends _ZodString<string> {}
  /** A string schema with a built-in format (`z.email()`, `z.url()`, `z.iso.datetime()`, …). */
  interface ZodStringFormat<out F extends string = string> extends _ZodString<string> {
    readonly format: F;
  }
  interface ZodCoercedString<out I = unknown> extends _ZodString<I> {}

  // ---- numbers, bigints, booleans, dates ---------------------------------------------------

  interface ZodNumberInternals<I> extends $ZodTypeInternals<number, I> {
    readonly def: { readonly type: 'number' };
  }
  interface _ZodNumber<out I = number> extends ZodType<number, I, ZodNumberInternals<I>> {
    gt(value: number, params?: Params): this;
    gte(value: number, params?: Params): this;
    min(value: number, params?: Params): this;
    lt(value: number, params?: Params): this;
    lte(value: number, params?: Params): this;
    max(value: number, params?: Params): this;
    int(params?: Params): this;
    safe(params?: Params): this;
    positive(params?: Params): this;
    nonnegative(params?: Params): this;
    negative(params?: Params): this;
    nonpositive(params?: Params): this;
    multipleOf(value: number, params?: Params): this;
    step(value: number, params?: Params): this;
    finite(params?: Params): this;
    readonly minValue: number | null;
    readonly maxValue: number | null;
    readonly isInt: boolean;
    readonly isFinite: boolean;
    readonly format: string | null;
  }
  interface ZodNumber extends _ZodNumber<number> {}
  interface ZodCoercedNumber<out I = unknown> extends _ZodNumber<I> {}

  interface _ZodBigInt<out I = bigint> extends ZodType<bigint, I, $ZodTypeInternals<bigint, I> & { readonly def: { readonly type: 'bigint' } }> {
    gt(value: bigint, params?: Params): this;
    gte(value: bigint, params?: Params): this;
    min(value: bigint, params?: Params): this;
    lt(value: bigint, params?: Params): this;
    lte(value: bigint, params?: Params): this;
    max(value: bigint, params?: Params): this;
    positive(params?: Params): this;
    nonnegative(params?: Params): this;
    negative(params?: Params): this;
    nonpositive(params?: Params): this;
    multipleOf(value: bigint, params?: Params): this;
  }
  interface ZodBigInt extends _ZodBigInt<bigint> {}
  interface ZodCoercedBigInt<out I = unknown> extends _ZodBigInt<I> {}

  interface _ZodBoolean<out I = boolean> extends ZodType<boolean, I, $ZodTypeInternals<boolean, I> & { readonly def: { readonly type: 'boolean' } }> {}
  interface ZodBoolean extends _ZodBoolean<boolean> {}
  interface ZodCoercedBoolean<out I = unknown> extends _ZodBoolean<I> {}

  interface _ZodDate<out I = Date> extends ZodType<Date, I, $ZodTypeInternals<Date, I> & { readonly def: { readonly type: 'date' } }> {
    min(value: number | Date, params?: Params): this;
    max(value: number | Date, params?: Params): this;
    readonly minDate: Date | null;
    readonly maxDate: Date | null;
  }
  interface ZodDate extends _ZodDate<Date> {}
  interface ZodCoercedDate<out I = unknown> extends _ZodDate<I> {}

  // ---- simple types ------------------------------------------------------------------------

  interface ZodAny extends ZodType<any, any> {}
  interface ZodUnknown extends ZodType<unknown, unknown> {}
  interface ZodNever extends ZodType<never, never> {}
  interface ZodNull extends ZodType<null, null> {}
  interface ZodUndefined extends ZodType<undefined, undefined> {}
  interface ZodVoid extends ZodType<void, void> {}
  interface ZodNaN extends ZodType<number, number> {}
  interface ZodSymbol extends ZodType<symbol, symbol> {}
  interface ZodCustom<out O = unknown, out I = O> extends ZodType<O, I> {}

  interface ZodLiteral<out T extends Literal = Literal> extends ZodType<T, T> {
    readonly values: Set<T>;
    /** @deprecated Use `.values` (a `Set`). */
    readonly value: T;
  }

  // @ts-ignore variance is declared, not measured (zod 4 does the same)
  interface ZodEnum<out T extends EnumLike = EnumLike> extends ZodType<T[keyof T] & {}, T[keyof T] & {}> {
    readonly enum: T;
    readonly options: Array<T[keyof T]>;
    extract<const U extends readonly (keyof T)[]>(values: U, params?: Params): ZodEnum<Flatten<Pick<T, U[number]>>>;
    exclude<const U extends readonly (keyof T)[]>(values: U, params?: Params): ZodEnum<Flatten<Omit<T, U[number]>>>;
  }

  // ---- wrappers ----------------------------------------------------------------------------

  interface ZodOptional<out T extends SomeType = SomeType>
    extends ZodType<
      output<T> | undefined,
      input<T> | undefined,
      $ZodTypeInternals<output<T> | undefined, input<T> | undefined> & { readonly optin: 'optional'; readonly optout: 'optional' }
    > {
    unwrap(): T;
  }
  interface ZodNonOptional<out T extends SomeType = SomeType>
    extends ZodType<NoUndefined<output<T>>, NoUndefined<input<T>>> {
    unwrap(): T;
  }
  // @ts-ignore variance is declared, not measured (zod 4 does the same)
  interface ZodNullable<out T extends SomeType = SomeType>
    extends ZodType<
      output<T> | null,
      input<T> | null,
      $ZodTypeInternals<output<T> | null, input<T> | null> & { readonly optin: T['_zod']['optin']; readonly optout: T['_zod']['optout'] }
    > {
    unwrap(): T;
  }
  interface ZodDefault<out T extends SomeType = SomeType>
    extends ZodType<
      NoUndefined<output<T>>,
      input<T> | undefined,
      $ZodTypeInternals<NoUndefined<output<T>>, input<T> | undefined> & { readonly optin: 'optional'; readonly optout?: undefined }
    > {
    unwrap(): T;
    /** @deprecated Use `.unwrap()`. */
    removeDefault(): T;
  }
  interface ZodPrefault<out T extends SomeType = SomeType>
    extends ZodType<
      NoUndefined<output<T>>,
      input<T> | undefined,
      $ZodTypeInternals<NoUndefined<output<T>>, input<T> | undefined> & { readonly optin: 'optional'; readonly optout?: undefined }
    > {
    unwrap(): T;
  }
  interface ZodCatch<out T extends SomeType = SomeType>
    extends ZodType<
      output<T>,
      input<T>,
      $ZodTypeInternals<output<T>, input<T>> & { readonly optin: T['_zod']['optin']; readonly optout: T['_zod']['optout'] }
    > {
    unwrap(): T;
  }
  interface ZodReadonly<out T extends SomeType = SomeType>
    extends ZodType<
      MakeReadonly<output<T>>,
      MakeReadonly<input<T>>,
      $ZodTypeInternals<MakeReadonly<output<T>>, MakeReadonly<input<T>>> & { readonly optin: T['_zod']['optin']; readonly optout: T['_zod']['optout'] }
    > {
    unwrap(): T;
  }
  interface ZodTransform<out O = unknown, out I = unknown> extends ZodType<O, I> {}
  interface ZodPipe<out A extends SomeType = SomeType, out B extends SomeType = SomeType>
    extends ZodType<
      output<B>,
      input<A>,
      $ZodTypeInternals<output<B>, input<A>> & { readonly optin: A['_zod']['optin']; readonly optout: B['_zod']['optout'] }
    > {
    readonly in: A;
    readonly out: B;
  }
  interface ZodLazy<out T extends SomeType = SomeType> extends ZodType<output<T>, input<T>> {
    unwrap(): T;
  }
  interface ZodPromise<out T extends SomeType = SomeType> extends ZodType<Promise<output<T>>, Promise<input<T>> | input<T>> {
    unwrap(): T;
  }

  // ---- arrays, tuples, records, maps, sets ---------------------------------------------------

  interface ZodArray<out T extends SomeType = SomeType> extends ZodType<output<T>[], input<T>[]> {
    readonly element: T;
    min(minLength: number, params?: Params): this;
    max(maxLength: number, params?: Params): this;
    length(len: number, params?: Params): this;
    /** At least one element (zod 4: the inferred type stays `T[]`). */
    nonempty(params?: Params): this;
    unwrap(): T;
  }

  type TupleOutput<T extends readonly SomeType[]> = { -readonly [K in keyof T]: output<T[K]> };
  type TupleInput<T extends readonly SomeType[]> = { -readonly [K in keyof T]: input<T[K]> };
  interface ZodTuple<out T extends readonly SomeType[] = readonly SomeType[], out Rest extends SomeType | null = null>
    extends ZodType<
      Rest extends SomeType ? [...TupleOutput<T>, ...output<Rest>[]] : TupleOutput<T>,
      Rest extends SomeType ? [...TupleInput<T>, ...input<Rest>[]] : TupleInput<T>
    > {
    rest<R extends SomeType>(rest: R): ZodTuple<T, R>;
  }

  type RecordKey = ZodType<string | number | symbol, string | number | symbol, any>;
  interface ZodRecord<out K extends SomeType = RecordKey, out V extends SomeType = SomeType>
    extends ZodType<Record<output<K> & PropertyKey, output<V>>, Record<input<K> & PropertyKey, input<V>>> {
    readonly keyType: K;
    readonly valueType: V;
  }
  interface ZodPartialRecord<out K extends SomeType = RecordKey, out V extends SomeType = SomeType>
    extends ZodType<Partial<Record<output<K> & PropertyKey, output<V>>>, Partial<Record<input<K> & PropertyKey, input<V>>>> {
    readonly keyType: K;
    readonly valueType: V;
  }
  interface ZodMap<out K extends SomeType = SomeType, out V extends SomeType = SomeType>
    extends ZodType<Map<output<K>, output<V>>, Map<input<K>, input<V>>> {
    min(size: number, params?: Params): this;
    max(size: number, params?: Params): this;
    size(size: number, params?: Params): this;
    nonempty(params?: Params): this;
  }
  interface ZodSet<out T extends SomeType = SomeType> extends ZodType<Set<output<T>>, Set<input<T>>> {
    min(size: number, params?: Params): this;
    max(size: number, params?: Params): this;
    size(size: number, params?: Params): this;
    nonempty(params?: Params): this;
  }

  // ---- objects -----------------------------------------------------------------------------

  type OptionalOutSchema = { readonly _zod: { readonly optout: 'optional' } };
  type OptionalInSchema = { readonly _zod: { readonly optin: 'optional' } };
  type InferObjectOutput<S, Extra> = Flatten<
    { -readonly [K in keyof S as S[K] extends OptionalOutSchema ? never : K]: output<S[K]> } & {
      -readonly [K in keyof S as S[K] extends OptionalOutSchema ? K : never]?: output<S[K]>;
    } & Extra
  >;
  type InferObjectInput<S, Extra> = Flatten<
    { -readonly [K in keyof S as S[K] extends OptionalInSchema ? never : K]: input<S[K]> } & {
      -readonly [K in keyof S as S[K] extends OptionalInSchema ? K : never]?: input<S[K]>;
    } & Extra
  >;

  /** How an object treats keys its shape does not list. */
  interface ObjectConfig {
    out: Record<string, unknown>;
    in: Record<string, unknown>;
  }
  /** Unknown keys are dropped (the default). */
  type $strip = { out: {}; in: {} };
  /** Unknown keys are an error. */
  type $strict = { out: {}; in: {} };
  /** Unknown keys are kept. */
  type $loose = { out: Record<string, unknown>; in: Record<string, unknown> };
  /** Unknown keys are parsed with a schema. */
  type $catchall<T extends SomeType> = { out: { [k: string]: output<T> }; in: { [k: string]: input<T> } };

  // @ts-ignore variance is declared, not measured (zod 4 does the same)
  interface ZodObject<out Shape extends $ZodLooseShape = $ZodLooseShape, out Config extends ObjectConfig = $strip>
    extends ZodType<InferObjectOutput<Shape, Config['out']>, InferObjectInput<Shape, Config['in']>> {
    readonly shape: Shape;
    keyof(): ZodEnum<ToEnum<keyof Shape & string>>;
    catchall<T extends SomeType>(schema: T): ZodObject<Shape, $catchall<T>>;
    /** @deprecated Use `.loose()`. */
    passthrough(): ZodObject<Shape, $loose>;
    loose(): ZodObject<Shape, $loose>;
    strict(): ZodObject<Shape, $strict>;
    strip(): ZodObject<Shape, $strip>;
    extend<U extends $ZodLooseShape>(shape: U): ZodObject<Extend<Shape, Writeable<U>>, Config>;
    safeExtend<U extends $ZodLooseShape>(shape: U): ZodObject<Extend<Shape, Writeable<U>>, Config>;
    /** @deprecated Use `A.extend(B.shape)`. */
    merge<U extends ZodObject<any, any>>(other: U): ZodObject<Extend<Shape, U['shape']>, Config>;
    pick<M extends Mask<keyof Shape>>(mask: M & Record<Exclude<keyof M, keyof Shape>, never>): ZodObject<Flatten<Pick<Shape, Extract<keyof Shape, keyof M>>>, Config>;
    omit<M extends Mask<keyof Shape>>(mask: M & Record<Exclude<keyof M, keyof Shape>, never>): ZodObject<Flatten<Omit<Shape, Extract<keyof Shape, keyof M>>>, Config>;
    partial(): ZodObject<{ -readonly [K in keyof Shape]: ZodOptional<Shape[K]> }, Config>;
    partial<M extends Mask<keyof Shape>>(
      mask: M & Record<Exclude<keyof M, keyof Shape>, never>,
    ): ZodObject<{ -readonly [K in keyof Shape]: K extends keyof M ? ZodOptional<Shape[K]> : Shape[K] }, Config>;
    required(): ZodObject<{ -readonly [K in keyof Shape]: ZodNonOptional<Shape[K]> }, Config>;
    required<M extends Mask<keyof Shape>>(
      mask: M & Record<Exclude<keyof M, keyof Shape>, never>,
    ): ZodObject<{ -readonly [K in keyof Shape]: K extends keyof M ? ZodNonOptional<Shape[K]> : Shape[K] }, Config>;
  }

  // ---- unions and intersections --------------------------------------------------------------

  interface ZodUnion<out T extends readonly SomeType[] = readonly SomeType[]> extends ZodType<output<T[number]>, input<T[number]>> {
    readonly options: T;
  }
  interface ZodDiscriminatedUnion<out T extends readonly SomeType[] = readonly SomeType[], out Disc extends string = string> extends ZodUnion<T> {
    readonly discriminator: Disc;
  }
  interface ZodIntersection<out A extends SomeType = SomeType, out B extends SomeType = SomeType>
    extends ZodType<output<A> & output<B>, input<A> & input<B>> {}

  // ---- JSON Schema -------------------------------------------------------------------------

  interface JSONSchema {
    $schema?: string;
    $id?: string;
    $ref?: string;
    type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null' | string[];
    title?: string;
    description?: string;
    properties?: Record<string, JSONSchema>;
    required?: string[];
    additionalProperties?: boolean | JSONSchema;
    items?: JSONSchema | JSONSchema[];
    enum?: unknown[];
    const?: unknown;
    default?: unknown;
    anyOf?: JSONSchema[];
    oneOf?: JSONSchema[];
    allOf?: JSONSchema[];
    [key: string]: unknown;
  }
  interface ToJSONSchemaParams {
    target?: 'draft-4' | 'draft-7' | 'draft-2020-12' | 'openapi-3.0';
    io?: 'input' | 'output';
    reused?: 'ref' | 'inline';
    cycles?: 'ref' | 'throw';
    unrepresentable?: 'throw' | 'any';
    override?: (ctx: { zodSchema: unknown; jsonSchema: JSONSchema; path: (string | number)[] }) => void;
  }

  // ---- builders ----------------------------------------------------------------------------











  type JSONType = string | number | boolean | null | JSONType[] | { [key: string]: JSONType };

  // ---- errors --------------------------------------------------------------------------------

  // ---- the values: `z.object(...)`, `z.string()`, … ------------------------------------------

  interface $ZodApi {
    readonly ZodError: {
      new <T = unknown>(issues: ZodIssue[]): ZodError<T>;
      readonly prototype: ZodError;
    };
    /** @deprecated Use the raw string codes, e.g. `"custom"`. */
    readonly ZodIssueCode: {
      readonly invalid_type: 'invalid_type';
      readonly too_big: 'too_big';
      readonly too_small: 'too_small';
      readonly invalid_format: 'invalid_format';
      readonly not_multiple_of: 'not_multiple_of';
      readonly unrecognized_keys: 'unrecognized_keys';
      readonly invalid_union: 'invalid_union';
      readonly invalid_key: 'invalid_key';
      readonly invalid_element: 'invalid_element';
      readonly invalid_value: 'invalid_value';
      readonly custom: 'custom';
    };
    readonly ZodType: ZodClass<ZodType>;
    readonly ZodString: ZodClass<ZodString>;
    readonly ZodNumber: ZodClass<ZodNumber>;
    readonly ZodBoolean: ZodClass<ZodBoolean>;
    readonly ZodDate: ZodClass<ZodDate>;
    readonly ZodLiteral: ZodClass<ZodLiteral>;
    readonly ZodEnum: ZodClass<ZodEnum>;
    readonly ZodOptional: ZodClass<ZodOptional>;
    readonly ZodNullable: ZodClass<ZodNullable>;
    readonly ZodDefault: ZodClass<ZodDefault>;
    readonly ZodPipe: ZodClass<ZodPipe>;
    readonly ZodArray: ZodClass<ZodArray>;
    readonly ZodObject: ZodClass<ZodObject>;
    readonly ZodUnion: ZodClass<ZodUnion>;
    toJSONSchema(schema: SomeType, params?: ToJSONSchemaParams): JSONSchema;
    string(params?: Params): ZodString;
    number(params?: Params): ZodNumber;
    /** A safe integer (`z.number().int()`). */
    int(params?: Params): ZodNumber;
    int32(params?: Params): ZodNumber;
    uint32(params?: Params): ZodNumber;
    float32(params?: Params): ZodNumber;
    float64(params?: Params): ZodNumber;
    bigint(params?: Params): ZodBigInt;
    boolean(params?: Params): ZodBoolean;
    date(params?: Params): ZodDate;
    symbol(params?: Params): ZodSymbol;
    any(): ZodAny;
    unknown(): ZodUnknown;
    never(params?: Params): ZodNever;
    nan(params?: Params): ZodNaN;
    undefined(params?: Params): ZodUndefined;
    void(params?: Params): ZodVoid;
    null(params?: Params): ZodNull;
    email(params?: Params & { pattern?: RegExp }): ZodStringFormat<'email'>;
    url(params?: Params & { hostname?: RegExp; protocol?: RegExp; normalize?: boolean }): ZodStringFormat<'url'>;
    /** An http(s) URL with a domain. */
    httpUrl(params?: Params): ZodStringFormat<'url'>;
    uuid(params?: Params & { version?: 'v1' | 'v2' | 'v3' | 'v4' | 'v5' | 'v6' | 'v7' | 'v8' }): ZodStringFormat<'uuid'>;
    uuidv4(params?: Params): ZodStringFormat<'uuid'>;
    uuidv7(params?: Params): ZodStringFormat<'uuid'>;
    guid(params?: Params): ZodStringFormat<'guid'>;
    emoji(params?: Params): ZodStringFormat<'emoji'>;
    nanoid(params?: Params): ZodStringFormat<'nanoid'>;
    cuid(params?: Params): ZodStringFormat<'cuid'>;
    cuid2(params?: Params): ZodStringFormat<'cuid2'>;
    ulid(params?: Params): ZodStringFormat<'ulid'>;
    ipv4(params?: Params): ZodStringFormat<'ipv4'>;
    ipv6(params?: Params): ZodStringFormat<'ipv6'>;
    cidrv4(params?: Params): ZodStringFormat<'cidrv4'>;
    cidrv6(params?: Params): ZodStringFormat<'cidrv6'>;
    base64(params?: Params): ZodStringFormat<'base64'>;
    base64url(params?: Params): ZodStringFormat<'base64url'>;
    e164(params?: Params): ZodStringFormat<'e164'>;
    jwt(params?: Params & { alg?: string }): ZodStringFormat<'jwt'>;
    hostname(params?: Params): ZodStringFormat<'hostname'>;
    hex(params?: Params): ZodStringFormat<'hex'>;
    /** ISO 8601 strings (the output stays a string). */
    readonly iso: {
      datetime(params?: Params & { offset?: boolean; local?: boolean; precision?: number | null }): ZodStringFormat<'datetime'>;
      date(params?: Params): ZodStringFormat<'date'>;
      time(params?: Params & { precision?: number | null }): ZodStringFormat<'time'>;
      duration(params?: Params): ZodStringFormat<'duration'>;
    };
    /** Schemas that convert their input first (`String(x)`, `Number(x)`, …). */
    readonly coerce: {
      string<I = unknown>(params?: Params): ZodCoercedString<I>;
      number<I = unknown>(params?: Params): ZodCoercedNumber<I>;
      boolean<I = unknown>(params?: Params): ZodCoercedBoolean<I>;
      bigint<I = unknown>(params?: Params): ZodCoercedBigInt<I>;
      date<I = unknown>(params?: Params): ZodCoercedDate<I>;
    };
    /** `"true"`/`"yes"`/`"1"`/… → `true`, `"false"`/`"no"`/`"0"`/… → `false`. */
    stringbool(params?: Params & { truthy?: string[]; falsy?: string[]; case?: 'sensitive' | 'insensitive' }): ZodPipe<ZodString, ZodTransform<boolean, string>>;
    literal<const T extends readonly Literal[]>(value: T, params?: Params): ZodLiteral<T[number]>;
    literal<const T extends Literal>(value: T, params?: Params): ZodLiteral<T>;
    enum<const T extends readonly string[]>(values: T, params?: Params): ZodEnum<ToEnum<T[number]>>;
    enum<const T extends EnumLike>(entries: T, params?: Params): ZodEnum<T>;
    /** @deprecated Use `z.enum()`. */
    nativeEnum<T extends EnumLike>(entries: T, params?: Params): ZodEnum<T>;
    object<T extends $ZodLooseShape = {}>(shape?: T, params?: Params): ZodObject<Writeable<T>, $strip>;
    strictObject<T extends $ZodLooseShape>(shape: T, params?: Params): ZodObject<Writeable<T>, $strict>;
    looseObject<T extends $ZodLooseShape>(shape: T, params?: Params): ZodObject<Writeable<T>, $loose>;
    keyof<T extends ZodObject<any, any>>(schema: T): ZodEnum<ToEnum<keyof T['shape'] & string>>;
    array<T extends SomeType>(element: T, params?: Params): ZodArray<T>;
    tuple<T extends readonly [SomeType, ...SomeType[]]>(items: T, params?: Params): ZodTuple<T, null>;
    tuple<T extends readonly [SomeType, ...SomeType[]], Rest extends SomeType>(items: T, rest: Rest, params?: Params): ZodTuple<T, Rest>;
    tuple(items: [], params?: Params): ZodTuple<[], null>;
    record<K extends RecordKey, V extends SomeType>(keyType: K, valueType: V, params?: Params): ZodRecord<K, V>;
    /** A record whose keys may each be absent (`Partial<Record<K, V>>`). */
    partialRecord<K extends RecordKey, V extends SomeType>(keyType: K, valueType: V, params?: Params): ZodPartialRecord<K, V>;
    map<K extends SomeType, V extends SomeType>(keyType: K, valueType: V, params?: Params): ZodMap<K, V>;
    set<T extends SomeType>(valueType: T, params?: Params): ZodSet<T>;
    union<const T extends readonly SomeType[]>(options: T, params?: Params): ZodUnion<T>;
    discriminatedUnion<T extends readonly [SomeType, ...SomeType[]], Disc extends string>(
      discriminator: Disc,
      options: T,
      params?: Params,
    ): ZodDiscriminatedUnion<T, Disc>;
    intersection<A extends SomeType, B extends SomeType>(left: A, right: B): ZodIntersection<A, B>;
    optional<T extends SomeType>(inner: T): ZodOptional<T>;
    nullable<T extends SomeType>(inner: T): ZodNullable<T>;
    nullish<T extends SomeType>(inner: T): ZodOptional<ZodNullable<T>>;
    lazy<T extends SomeType>(getter: () => T): ZodLazy<T>;
    promise<T extends SomeType>(inner: T): ZodPromise<T>;
    pipe<A extends SomeType, B extends ZodType<unknown, output<A>, any>>(a: A, b: B): ZodPipe<A, B>;
    transform<I = unknown, O = I>(fn: (input: I, ctx: RefinementCtx<I>) => O): ZodTransform<Awaited<O>, I>;
    /** Runs `fn` on the raw input, then parses the result with `schema`. */
    preprocess<B extends SomeType>(fn: (input: unknown, ctx: RefinementCtx<unknown>) => unknown, schema: B): ZodPipe<ZodTransform<unknown, unknown>, B>;
    custom<O>(fn?: (data: unknown) => unknown, params?: string | CustomParams): ZodCustom<O, O>;
    instanceof<T extends abstract new (...args: any[]) => any>(cls: T, params?: Params): ZodCustom<InstanceType<T>, InstanceType<T>>;
    /** Any JSON value. */
    json(params?: Params): ZodType<JSONType, JSONType>;
    /** A readable multi-line rendering of an error's issues. */
    prettifyError(error: ZodError): string;
    treeifyError<T>(error: ZodError<T>): { errors: string[]; properties?: Record<string, unknown>; items?: unknown[] };
    flattenError<T>(error: ZodError<T>): { formErrors: string[]; fieldErrors: { [K in keyof T & string]?: string[] } };
    formatError<T>(error: ZodError<T>): unknown;
    /** Return it from a `transform` after `ctx.addIssue(...)`: the value is never used. */
    readonly NEVER: never;
  }
}
export declare const z: z.$ZodApi;

// =============================================================================================
// The SDK
// =============================================================================================

/**
 * A failure the toolkit means to report. Its `message` and `retryable` flag reach the caller
 * (`{ ok: false, error, retryable, code: 'TOOL_ERROR' }`); `data` stays in your process.
 * Anything else a handler throws becomes the generic `tool failed` (details go to the log).
 */
export declare class ToolError extends Error {
  constructor(message: string, opts?: { retryable?: boolean; data?: unknown });
  readonly name: 'ToolError';
  readonly retryable: boolean;
  readonly data?: unknown;
}

/** `ctx.log(...)` and its levels. One sink; every resolved secret is replaced by `[redacted]`. */
export interface LogChannel {
  (...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** `ctx.fetch`: the standard `fetch` signature. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface FetchJsonOpts {
  /** Passed to `ctx.fetch` (`accept: application/json` is added unless you set one). */
  init?: RequestInit;
  /**
   * Maps a non-2xx answer to an error of your own; return `undefined` to fall back to the
   * default (`Upstream returned HTTP <status>.`, retryable for 429 and 5xx).
   */
  errorMap?: (res: Response, body: string) => ToolError | Error | undefined | void;
}

/** Best-effort key/value cache; may be absent and may forget. Never the source of truth. */
export interface ExtensionCache {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** A document for `ctx.trove.ingest`. `externalId` deduplicates re-ingests. */
export interface TroveIngestDoc {
  title: string;
  text?: string;
  url?: string;
  externalId?: string;
  author?: string;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  date?: string;
  tags?: string[];
}

export interface TroveSearchOpts {
  limit?: number;
  author?: string;
  [key: string]: unknown;
}

export interface TroveSearchHit {
  id: string;
  title: string;
  score: number;
  snippet?: string;
  author?: string;
  url?: string;
  [key: string]: unknown;
}

export interface TroveDocument {
  id: string;
  title: string;
  url?: string;
  externalId?: string;
  author?: string;
  date?: string;
  text?: string;
  tags?: string[];
  [key: string]: unknown;
}

/** The caller's own knowledge base; present only with the `trove:search` / `trove:ingest` scopes. */
export interface TroveClient {
  search(query: string, opts?: TroveSearchOpts): Promise<TroveSearchHit[]>;
  getDocument(id: string): Promise<TroveDocument | null>;
  ingest(docs: TroveIngestDoc[]): Promise<{ ingested: number }>;
}

/** The invocation context handed to every tool handler: a capability object, no ambient authority. */
export interface ToolContext {
  /** The caller's user id (identity, not a credential). */
  readonly userId: string;
  /** The user's settings for this toolkit (the manifest's `config` fields); `{}` when none. Never credentials. */
  readonly config: Readonly<Record<string, unknown>>;
  /** The current time. Use it instead of `Date.now()` so a replayed run means the same thing tomorrow. */
  now(): Date;
  /** Where the toolkit says what it is doing; secret values are redacted. */
  log: LogChannel;
  /** A secret the manifest declares in `secrets`; `undefined` when it is not set. */
  secret(name: string): Promise<string | undefined>;
  /** Like `secret`, but throws a `ToolError` naming the secret when it is not set. */
  requireSecret(name: string): Promise<string>;
  /** The ONLY way out: standard fetch, limited to the manifest's `egress` hosts, https only. */
  fetch: FetchLike;
  /**
   * `ctx.fetch` + JSON: non-2xx → `ToolError` (or your `errorMap`), malformed JSON and a body
   * that does not match `schema` → retryable `ToolError`s. Returns the schema's output.
   */
  fetchJson<S extends z.ZodType<unknown, unknown>>(url: string | URL, opts: FetchJsonOpts & { schema: S }): Promise<z.output<S>>;
  fetchJson(url: string | URL, opts?: FetchJsonOpts): Promise<unknown>;
  /** Optional; read it as `ctx.cache?.get(key)`. */
  cache?: ExtensionCache;
  /** Present only when the call was granted a scope the manifest declares. */
  readonly trove?: TroveClient;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a tool's `input` may be: a `z.object(...)` (possibly refined or transformed). */
export type ToolInputSchema = z.ZodType<object, object>;

/** What a handler returns: text, or text plus `structured` data (checked against `output`). */
export type ToolReturn<O extends z.ZodType<unknown, unknown> | undefined = undefined> =
  | string
  | { text: string; structured?: O extends z.ZodType<unknown, unknown> ? z.input<O> : unknown };

export interface ToolDefinition<
  I extends ToolInputSchema = ToolInputSchema,
  O extends z.ZodType<unknown, unknown> | undefined = z.ZodType<unknown, unknown> | undefined,
> {
  /** `^[a-zA-Z0-9_-]+$`, unique in the toolkit. */
  name: string;
  title?: string;
  /** What the tool does, for the model that decides to call it. */
  description: string;
  /** The arguments: a `z.object`. `.describe()` its fields; defaults apply before the handler runs. */
  input: I;
  /** The shape of `structured`; when declared, the result also carries `structuredContent`. */
  output?: O;
  annotations?: ToolAnnotations;
  /** The tool changes something (so it is not read-only). */
  mutating?: boolean;
  alwaysOn?: boolean;
  handler(args: z.output<I>, ctx: ToolContext): ToolReturn<O> | Promise<ToolReturn<O>>;
}

export type ConfigFieldType = 'text' | 'text[]' | 'url' | 'url[]' | 'path' | 'number' | 'boolean';

export interface ConfigField {
  label?: string;
  type?: ConfigFieldType;
  placeholder?: string;
  pattern?: string;
  hint?: string;
  default?: unknown;
  directory?: boolean;
}

export interface OAuth2ClientCredentials {
  type: 'oauth2_client_credentials';
  tokenUrl: string;
  /** The declared secret holding the client id. */
  clientIdSecret: string;
  /** The declared secret holding the client secret. */
  clientSecretSecret: string;
  /** `Authorization: Bearer` is attached only to requests to this host. */
  apiHost: string;
  scope?: string;
}

export type TroveScope = 'trove:search' | 'trove:ingest';

export interface ToolkitConfig<Tools extends readonly ToolDefinition<any, any>[] = readonly ToolDefinition<any, any>[]> {
  /** `^[a-z0-9-]+$`. */
  id: string;
  name: string;
  description: string;
  /** An emoji or an icon URL. */
  icon: string;
  /** Semver: `1.2.3` or `1.2.3-beta.1`. */
  version: string;
  author?: string;
  visibility?: 'public' | 'private';
  /** The secret names `ctx.secret` may read (`^[A-Z][A-Z0-9_]*$`). Undeclared names are refused. */
  secrets?: string[];
  /** The hosts `ctx.fetch` may reach, e.g. `api.example.com` or `api.example.com:8443`. Empty: none. */
  egress?: string[];
  scopes?: TroveScope[];
  auth?: OAuth2ClientCredentials;
  /** User settings, read through `ctx.config`. */
  config?: Record<string, ConfigField>;
  tools: Tools;
}

/** The envelope of a call (contract §4). */
export type ToolCallResult =
  | { ok: true; result: { text: string; structured?: unknown }; structuredContent?: unknown }
  | { ok: false; error: string; retryable: boolean; code: 'INVALID_PARAMS' | 'UNKNOWN_TOOL' | 'TOOL_ERROR' | 'BAD_REQUEST' };

/** A call as the platform sends it. */
export interface ToolCall {
  tool: string;
  args: unknown;
  userId: string;
  ctxToken?: string;
  callbackBase?: string;
  scopes?: string[];
  config?: Record<string, unknown>;
}

/** A tool as listed (`tools/list`). */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: z.JSONSchema;
  outputSchema?: z.JSONSchema;
  annotations: ToolAnnotations;
  alwaysOn?: boolean;
  mutating?: boolean;
}

export interface ToolkitDefinition {
  tools: ListedTool[];
  handle(call: ToolCall): Promise<ToolCallResult>;
}

export type ToolkitManifest = Omit<ToolkitConfig, 'tools' | 'auth'> & { generated: true };

/** Infers a tool's `args` from its `input` (and checks `structured` against `output`). */
export declare function tool<I extends ToolInputSchema, O extends z.ZodType<unknown, unknown> | undefined = undefined>(
  def: ToolDefinition<I, O>,
): ToolDefinition<I, O>;

/** Validates the config when the module loads (all problems at once) and returns the definition. */
export declare function defineToolkit<const I extends readonly ToolInputSchema[]>(
  config: ToolkitConfig<{ [K in keyof I]: ToolDefinition<I[K], any> }>,
): ToolkitDefinition;

/** The config without `tools` and `auth`, plus `generated: true`. */
export declare function toToolkitManifest(config: ToolkitConfig): ToolkitManifest;
