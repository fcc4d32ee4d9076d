import { Injectable } from '@nestjs/common';
import type { FieldError } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';

/** One parameter of a job handler: its kind, bounds and label (a message key), as the edit dialog shows it. */
export type JobParamSpec = { label: string; required?: boolean } & (
  | { type: 'string'; maxLength?: number; pattern?: RegExp; hint?: string; default?: string }
  | { type: 'integer'; min: number; max: number; default?: number }
  | { type: 'boolean'; default?: boolean }
  | { type: 'enum'; options: readonly string[]; default?: string }
);
export type JobParamSchema = Record<string, JobParamSpec>;

type ValueOf<S extends JobParamSpec> = S extends { type: 'integer' }
  ? number
  : S extends { type: 'boolean' }
    ? boolean
    : S extends { type: 'enum'; options: readonly (infer O)[] }
      ? O
      : string;
/** The parameters a handler receives: required ones and ones with a default are always there. */
export type JobParams<S extends JobParamSchema> = {
  [K in keyof S as S[K] extends { required: true } | { default: unknown } ? K : never]: ValueOf<S[K]>;
} & { [K in keyof S as S[K] extends { required: true } | { default: unknown } ? never : K]?: ValueOf<S[K]> };

/** What a run knows about itself. */
export interface JobRunContext {
  jobId: string | null;
  jobName: string;
  trigger: 'schedule' | 'manual' | 'misfire';
}

/**
 * A job handler declared in code. `run` answers an optional message for the log; throwing fails the run (logged).
 * `description` and each parameter's `label` are message keys.
 */
export interface JobHandlerDefinition<S extends JobParamSchema = JobParamSchema> {
  name: string;
  description: string;
  params: S;
  run(params: JobParams<S>, ctx: JobRunContext): Promise<string | void>;
}

/** A handler's parameter as GET /monitor/job/handlers answers it. */
export interface JobParamView {
  name: string;
  label: string;
  type: JobParamSpec['type'];
  required: boolean;
  default?: string | number | boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  pattern?: string;
  options?: string[];
}

const STRING_MAX = 1000;

/**
 * The registry of job handlers: the only things a scheduled job can invoke. Modules register theirs at init (one
 * registry per application, so two apps in one process keep their own). A job names a handler and gives JSON
 * parameters, checked here against the handler's schema when saved and again when run.
 */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandlerDefinition>();

  register<S extends JobParamSchema>(definition: JobHandlerDefinition<S>): void {
    if (!/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(definition.name))
      throw new Error(`Job handler name "${definition.name}" must be module.action`);
    if (this.handlers.has(definition.name)) throw new Error(`Job handler "${definition.name}" is registered twice`);
    this.handlers.set(definition.name, definition as unknown as JobHandlerDefinition);
  }

  get(name: string): JobHandlerDefinition | undefined {
    return this.handlers.get(name);
  }

  /** Every handler with its translated description and parameters, by name. */
  list(): Array<{ name: string; description: string; params: JobParamView[] }> {
    return [...this.handlers.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((h) => ({
        name: h.name,
        description: t(h.description),
        params: Object.entries(h.params).map(([name, spec]) => ({
          name,
          label: t(spec.label),
          type: spec.type,
          required: !!spec.required,
          ...(spec.default !== undefined ? { default: spec.default } : {}),
          ...(spec.type === 'integer' ? { min: spec.min, max: spec.max } : {}),
          ...(spec.type === 'string' ? { maxLength: spec.maxLength ?? STRING_MAX, ...(spec.pattern ? { pattern: spec.pattern.source } : {}) } : {}),
          ...(spec.type === 'enum' ? { options: [...spec.options] } : {}),
        })),
      }));
  }

  /**
   * The parameters checked against the handler's schema, with defaults filled in: refused (400, the message naming
   * the parameter, every problem in `data.errors`) for an unknown handler, an unknown parameter or a bad value.
   */
  validate(handlerName: string, params: unknown): Record<string, unknown> {
    const handler = this.handlers.get(handlerName);
    if (!handler)
      throw new ServiceException('job.handler.unknown', { handler: handlerName }, undefined, undefined, {
        errors: [{ field: 'handler', message: t('job.handler.unknown', { handler: handlerName }) }],
      });
    const input = params ?? {};
    if (typeof input !== 'object' || Array.isArray(input)) throw new ServiceException('job.params.notObject');
    const errors: FieldError[] = [];
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(input)) {
      if (!Object.hasOwn(handler.params, name))
        errors.push({ field: `params.${name}`, message: t('job.param.unknown', { handler: handlerName, name }) });
    }
    for (const [name, spec] of Object.entries(handler.params)) {
      const raw = (input as Record<string, unknown>)[name];
      const problem = checkParam(spec, raw);
      if (problem) errors.push({ field: `params.${name}`, message: problem });
      else if (raw !== undefined && raw !== null && raw !== '') out[name] = raw;
      else if (spec.default !== undefined) out[name] = spec.default;
    }
    if (errors.length) throw new ServiceException(errors[0].message, undefined, undefined, undefined, { errors });
    return out;
  }
}

/** The localized problem with one value, or undefined when it fits. Empty means absent. */
function checkParam(spec: JobParamSpec, value: unknown): string | undefined {
  const label = t(spec.label);
  if (value === undefined || value === null || value === '') return spec.required ? t('job.param.required', { label }) : undefined;
  switch (spec.type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= spec.min && value <= spec.max
        ? undefined
        : t('job.param.integer', { label, min: spec.min, max: spec.max });
    case 'boolean':
      return typeof value === 'boolean' ? undefined : t('job.param.boolean', { label });
    case 'enum':
      return typeof value === 'string' && spec.options.includes(value) ? undefined : t('job.param.enum', { label, options: spec.options.join(', ') });
    case 'string': {
      const max = spec.maxLength ?? STRING_MAX;
      if (typeof value !== 'string' || value.length > max) return t('job.param.string', { label, max });
      if (spec.pattern && !spec.pattern.test(value)) return t('job.param.format', { label, hint: t(spec.hint ?? spec.label) });
      return undefined;
    }
  }
}
