import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike, uniqueViolationOf } from '../../database/sql-helpers';
import type { CmsSite } from '../site/cms-site.entity';
import { CustomFormFields } from './custom-form-fields';
import type { CreateCustomFormDto, CustomFormQueryDto, CustomFormRulesDto, UpdateCustomFormDto } from './custom-form.dto';
import { CUSTOM_FORM_PERIODS, CUSTOM_FORM_RULES, CmsCustomForm } from './custom-form.entity';

const UNIQUE_CODE = 'uq_cms_custom_form_code';

/**
 * Custom forms of a site (ChestnutCMS's CustomFormController): name, code, captcha, limit rule; their fields are a
 * metadata model owned by the form (server/src/xmodel, owner type `customform`), created and deleted with it. A form is
 * a draft until published; only a published form is shown by `{% customform %}` and takes submissions; offline stops
 * both. Every call works in the caller's current site: a form of another site is "not found".
 */
@Injectable()
export class CustomFormService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly fields: CustomFormFields,
  ) {}

  private get forms() {
    return this.dataSource.getRepository(CmsCustomForm);
  }

  list(site: CmsSite, query: CustomFormQueryDto): Promise<PageResult<CmsCustomForm>> {
    const qb = this.forms.createQueryBuilder('f').where('f.site_id = :siteId', { siteId: site.siteId });
    if (query.name) qb.andWhere('f.name ILIKE :name', { name: `%${escapeLike(query.name)}%` });
    if (query.status) qb.andWhere('f.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { createTime: 'f.create_time', name: 'f.name', code: 'f.code', publishTime: 'f.publish_time' },
      defaultOrder: { 'f.form_id': 'DESC' },
    });
  }

  /** A form of the site (404 when it does not exist or belongs to another site). */
  async get(site: Pick<CmsSite, 'siteId'>, formId: string, manager?: EntityManager): Promise<CmsCustomForm> {
    const form = await (manager ?? this.dataSource.manager).getRepository(CmsCustomForm).findOneBy({ formId, siteId: site.siteId });
    if (!form) throw ServiceException.notFound('customform.notFound');
    return form;
  }

  /** The form of the site that owns a field model (404 otherwise). */
  async byModel(site: Pick<CmsSite, 'siteId'>, modelId: string): Promise<CmsCustomForm> {
    const form = await this.forms.findOneBy({ modelId, siteId: site.siteId });
    if (!form) throw ServiceException.notFound('customform.notFound');
    return form;
  }

  limitRules(): CustomFormRulesDto {
    return {
      rules: CUSTOM_FORM_RULES.map((id) => ({ id, name: t(`customform.rule.${id}`) })),
      periods: CUSTOM_FORM_PERIODS.map((id) => ({ id, name: t(`customform.period.${id}`) })),
    };
  }

  /** Adds a draft form and its (empty) field model, in one transaction. */
  async create(user: LoginUser, site: CmsSite, dto: CreateCustomFormDto): Promise<CmsCustomForm> {
    try {
      return await this.dataSource.transaction(async (m) => {
        const repo = m.getRepository(CmsCustomForm);
        const form = await repo.save(
          repo.create({ ...settings(dto), siteId: site.siteId, status: '0', createBy: user.userName, updateBy: user.userName }),
        );
        form.modelId = await this.fields.createModel(m, user, form);
        return repo.save(form);
      });
    } catch (error) {
      throw codeTaken(error, dto.code);
    }
  }

  /** Changes name, code and rules; the status stays (publish and offline change it). */
  async update(user: LoginUser, site: CmsSite, dto: UpdateCustomFormDto): Promise<CmsCustomForm> {
    try {
      return await this.dataSource.transaction(async (m) => {
        const form = await this.get(site, dto.formId, m);
        Object.assign(form, settings(dto), { updateBy: user.userName });
        const saved = await m.getRepository(CmsCustomForm).save(form);
        if (saved.modelId) await this.fields.renameModel(m, user, saved);
        return saved;
      });
    } catch (error) {
      throw codeTaken(error, dto.code);
    }
  }

  /** Deletes forms with their submitted data, limit counters (cascade) and field models. */
  async remove(site: CmsSite, formIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m
        .getRepository(CmsCustomForm)
        .find({ where: { formId: In(formIds), siteId: site.siteId }, lock: { mode: 'pessimistic_write' } });
      if (found.length !== new Set(formIds).size) throw ServiceException.notFound('customform.notFound');
      await m.getRepository(CmsCustomForm).delete({ formId: In(formIds) });
      await this.fields.removeModels(
        m,
        found.map((f) => f.modelId).filter((id): id is string => !!id),
      );
    });
  }

  /** Publishes forms: each needs at least one field. From then on the form is shown and takes submissions. */
  async publish(user: LoginUser, site: CmsSite, formIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const forms = await this.lockAll(m, site, formIds);
      for (const form of forms) {
        if (!form.modelId || !(await this.fields.fieldsOf(form.modelId, m)).length)
          throw new ServiceException('customform.noFields', { name: form.name });
      }
      await m.getRepository(CmsCustomForm).update({ formId: In(formIds) }, { status: '1', publishTime: new Date(), updateBy: user.userName });
    });
  }

  /** Takes forms offline: they are no longer shown and refuse submissions; their data stays. */
  async offline(user: LoginUser, site: CmsSite, formIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.lockAll(m, site, formIds);
      await m.getRepository(CmsCustomForm).update({ formId: In(formIds) }, { status: '2', updateBy: user.userName });
    });
  }

  private async lockAll(m: EntityManager, site: CmsSite, formIds: string[]): Promise<CmsCustomForm[]> {
    const forms = await m
      .getRepository(CmsCustomForm)
      .find({ where: { formId: In(formIds), siteId: site.siteId }, order: { formId: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    if (forms.length !== new Set(formIds).size) throw ServiceException.notFound('customform.notFound');
    return forms;
  }
}

function settings(dto: CreateCustomFormDto) {
  return {
    name: dto.name,
    code: dto.code,
    needCaptcha: dto.needCaptcha ?? true,
    ruleLimit: dto.ruleLimit ?? 'unlimited',
    limitPeriod: dto.limitPeriod ?? 'day',
    limitCount: dto.limitCount ?? 1,
    successMessage: dto.successMessage ?? '',
    remark: dto.remark ?? '',
  } as const;
}

function codeTaken(error: unknown, code: string): unknown {
  return uniqueViolationOf(error) === UNIQUE_CODE ? new ServiceException('customform.codeTaken', { code }) : error;
}
