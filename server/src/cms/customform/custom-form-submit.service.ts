import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ResultCode, type XModelFieldView } from '@zhiwen/shared';
import type { DataSource } from 'typeorm';
import { CaptchaService } from '../../auth/captcha.service';
import { KV_STORE, type KvStore } from '../../common/cache/kv-store';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { SensitiveWordService } from '../../word/sensitive/sensitive-word.service';
import { CustomFormFields } from './custom-form-fields';
import type { PublicCaptchaDto, PublicFormDto, SubmitCustomFormDto } from './custom-form.dto';
import { CmsCustomForm } from './custom-form.entity';

/** Submissions one client address may send a minute, to all forms together. */
export const CUSTOM_FORM_SUBMITS_PER_MINUTE = 10;
const MINUTE = 60_000;
/** Control kinds whose values are free text, checked against the sensitive-word list. */
const TEXT_KINDS = new Set(['input', 'textarea']);

/** Who submits: the client address, the member of a page token, the browser id the widget keeps. */
export interface Submitter {
  ip: string;
  userAgent: string;
  memberId?: string;
}

/**
 * The public side of custom forms (ChestnutCMS's CustomFormApiController): a published form's fields for the
 * `{% customform %}` widget, its captcha, and submissions. A submission is checked in this order, and a failure at
 * any step writes nothing: the form is published; the address is within the rate limit (shared store, so it holds
 * across instances); the captcha (when the form asks for one, consumed whatever the answer); a member when the
 * limit rule counts members; the values by the form's fields (kind and validation rules, localized messages); no
 * sensitive word in text values. Then, in one transaction, the submitter's counter row is raised by one upsert whose
 * WHERE holds the limit (parallel submissions of one submitter count exactly up to it) and the row is written.
 */
@Injectable()
export class CustomFormSubmitService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KV_STORE) private readonly kv: KvStore,
    private readonly captcha: CaptchaService,
    private readonly sensitiveWords: SensitiveWordService,
    private readonly fields: CustomFormFields,
  ) {}

  /** A published form of a site by code, with what the widget needs to draw it. */
  async publicForm(siteId: string, code: string): Promise<PublicFormDto> {
    const form = await this.dataSource
      .getRepository(CmsCustomForm)
      .createQueryBuilder('f')
      .where('f.site_id = :siteId AND lower(f.code) = lower(:code)', { siteId, code })
      .getOne();
    if (!form) throw ServiceException.notFound('customform.notFound');
    if (form.status !== '1') throw new ServiceException('customform.notPublished');
    const fields = form.modelId ? await this.fields.fieldsOf(form.modelId) : [];
    return {
      formId: form.formId,
      code: form.code,
      name: form.name,
      needCaptcha: form.needCaptcha,
      ruleLimit: form.ruleLimit,
      fields: await Promise.all(fields.map((f) => this.publicField(f))),
    };
  }

  private async publicField(f: XModelFieldView) {
    return {
      code: f.code,
      name: f.name,
      controlType: f.controlType,
      required: f.required || f.validations.some((v) => v.type === 'notEmpty'),
      defaultValue: f.defaultValue,
      options: await this.fields.options(f),
      validations: f.validations.map((v) => v.type),
    };
  }

  /** A new image captcha for a form (always drawn: the form, not the login setting, decides whether it is asked). */
  captchaImage(): Promise<PublicCaptchaDto> {
    return this.captcha.create();
  }

  /** Records one submission; answers the form's success message. */
  async submit(dto: SubmitCustomFormDto, who: Submitter): Promise<string> {
    const form = await this.dataSource.getRepository(CmsCustomForm).findOneBy({ formId: dto.formId });
    if (!form) throw ServiceException.notFound('customform.notFound');
    if (form.status !== '1') throw new ServiceException('customform.notPublished');
    if ((await this.kv.increment(`customform:rate:${who.ip}`, MINUTE)) > CUSTOM_FORM_SUBMITS_PER_MINUTE) {
      throw new ServiceException('customform.rateLimited', { limit: CUSTOM_FORM_SUBMITS_PER_MINUTE }, ResultCode.ERROR, HttpStatus.TOO_MANY_REQUESTS);
    }
    if (form.needCaptcha) {
      if (!dto.uuid || !dto.captcha?.trim()) throw new ServiceException('customform.captchaRequired');
      const check = await this.captcha.verify(dto.uuid, dto.captcha);
      if (check === 'expired') throw new ServiceException('customform.captchaExpired');
      if (check === 'wrong') throw new ServiceException('customform.captchaWrong');
    }
    if (form.ruleLimit === 'member' && !who.memberId) throw ServiceException.unauthorized('customform.memberOnly');
    const values = await this.fields.validate(form, dto.values);
    await this.checkSensitive(form, values);
    const submitter = submitterOf(form, who, dto.browserId);

    await this.dataSource.transaction(async (m) => {
      // The form row is locked shared: an offline or delete waits for the submission, and a submission after them sees it.
      const [row] = (await m.query(`SELECT status FROM cms_custom_form WHERE form_id = $1 FOR SHARE`, [form.formId])) as Array<{ status: string }>;
      if (!row) throw ServiceException.notFound('customform.notFound');
      if (row.status !== '1') throw new ServiceException('customform.notPublished');
      if (submitter) {
        const raised = (await m.query(
          `INSERT INTO cms_custom_form_limit AS c (form_id, submitter, day, day_count, total_count) VALUES ($1, $2, current_date, 1, 1)
           ON CONFLICT (form_id, submitter) DO UPDATE
             SET day_count = CASE WHEN c.day = current_date THEN c.day_count + 1 ELSE 1 END, day = current_date, total_count = c.total_count + 1
             WHERE CASE WHEN $3 = 'total' THEN c.total_count < $4 ELSE (c.day <> current_date OR c.day_count < $4) END
           RETURNING total_count`,
          [form.formId, submitter, form.limitPeriod, form.limitCount],
        )) as unknown[];
        if (!raised.length)
          throw new ServiceException(form.limitPeriod === 'total' ? 'customform.limitTotal' : 'customform.limitDay', { count: form.limitCount });
      }
      await m.query(
        `INSERT INTO cms_custom_form_data (form_id, site_id, field_values, ip, member_id, browser_id, user_agent) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
        [
          form.formId,
          form.siteId,
          JSON.stringify(values),
          who.ip.slice(0, 128),
          who.memberId ?? null,
          dto.browserId ?? '',
          who.userAgent.slice(0, 500),
        ],
      );
    });
    return form.successMessage || t('customform.submitted');
  }

  /** Text values holding a sensitive word are refused, the field and the words named. */
  private async checkSensitive(form: CmsCustomForm, values: Record<string, unknown>): Promise<void> {
    const fields = form.modelId ? await this.fields.fieldsOf(form.modelId) : [];
    for (const field of fields) {
      if (!TEXT_KINDS.has(field.controlType)) continue;
      const value = values[field.code];
      if (typeof value !== 'string' || !value) continue;
      const words = (await this.sensitiveWords.find(value)).map((h) => h.word);
      if (words.length) throw new ServiceException('customform.sensitive', { field: field.name, words: [...new Set(words)].join('、') });
    }
  }
}

/** The counted identity of a submitter under the form's limit rule (null: not counted). */
function submitterOf(form: CmsCustomForm, who: Submitter, browserId: string | undefined): string | null {
  switch (form.ruleLimit) {
    case 'ip':
      return `ip:${who.ip}`.slice(0, 80);
    case 'member':
      return `m:${who.memberId}`;
    case 'browser':
      // A page that cannot keep a cookie (a sandboxed preview) sends no id: its address counts instead.
      return browserId ? `b:${browserId}` : `ip:${who.ip}`.slice(0, 80);
    default:
      return null;
  }
}
