import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import { In, type DataSource } from 'typeorm';
import type { PageResult, XModelFieldView } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { streamXlsx } from '../../common/export/xlsx-writer';
import type { ExportColumn } from '../../common/export/list-route.decorator';
import type { CmsSite } from '../site/cms-site.entity';
import { CustomFormFields } from './custom-form-fields';
import type { CustomFormDataDto, CustomFormDataQueryDto, SaveCustomFormDataDto } from './custom-form.dto';
import { CmsCustomForm, CmsCustomFormData } from './custom-form.entity';
import { CustomFormService } from './custom-form.service';

/** Most rows one export writes (the newest, within the filter). */
export const CUSTOM_FORM_EXPORT_MAX = 50_000;

/**
 * Submitted rows of a form (ChestnutCMS's CustomFormDataController): list by time, detail, staff add and edit (checked
 * by the form's fields like a submission), delete, and the .xlsx export with one column per field.
 */
@Injectable()
export class CustomFormDataService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly forms: CustomFormService,
    private readonly fields: CustomFormFields,
  ) {}

  private get rows() {
    return this.dataSource.getRepository(CmsCustomFormData);
  }

  async list(site: CmsSite, query: CustomFormDataQueryDto): Promise<PageResult<CustomFormDataDto>> {
    const form = await this.forms.get(site, query.formId);
    const page = await paginate(this.filtered(form, query), query, {
      sortable: { createTime: 'd.create_time', dataId: 'd.data_id' },
      defaultOrder: { 'd.create_time': 'DESC', 'd.data_id': 'DESC' },
    });
    return { ...page, rows: page.rows.map(dataDto) };
  }

  async detail(site: CmsSite, formId: string, dataId: string): Promise<CustomFormDataDto> {
    const form = await this.forms.get(site, formId);
    return dataDto(await this.row(form, dataId));
  }

  /** Staff add a row: the values are checked by the form's fields (no captcha, no limit rule). */
  async add(user: LoginUser, site: CmsSite, dto: SaveCustomFormDataDto): Promise<CustomFormDataDto> {
    const form = await this.forms.get(site, dto.formId);
    const values = await this.fields.validate(form, dto.values);
    const { identifiers } = await this.rows.insert({
      formId: form.formId,
      siteId: form.siteId,
      values,
      createBy: user.userName,
      updateBy: user.userName,
    });
    return dataDto(await this.row(form, String(identifiers[0].dataId)));
  }

  async edit(user: LoginUser, site: CmsSite, dto: SaveCustomFormDataDto): Promise<CustomFormDataDto> {
    if (!dto.dataId) throw ServiceException.notFound('customform.dataNotFound');
    const form = await this.forms.get(site, dto.formId);
    const row = await this.row(form, dto.dataId);
    row.values = await this.fields.validate(form, dto.values);
    row.updateBy = user.userName;
    row.updateTime = new Date();
    return dataDto(await this.rows.save(row));
  }

  /** Deletes rows of forms of the site (all or nothing). */
  async remove(site: CmsSite, dataIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(CmsCustomFormData).findBy({ dataId: In(dataIds), siteId: site.siteId });
      if (found.length !== new Set(dataIds).size) throw ServiceException.notFound('customform.dataNotFound');
      await m.getRepository(CmsCustomFormData).delete({ dataId: In(dataIds) });
    });
  }

  /** The rows of the filter as .xlsx: number, one column per field (its name as header), time, IP, member. */
  async export(site: CmsSite, query: CustomFormDataQueryDto): Promise<{ form: CmsCustomForm; stream: Readable }> {
    const form = await this.forms.get(site, query.formId);
    const fields = form.modelId ? await this.fields.fieldsOf(form.modelId) : [];
    const rows = await this.filtered(form, query)
      .orderBy('d.create_time', 'DESC')
      .addOrderBy('d.data_id', 'DESC')
      .take(CUSTOM_FORM_EXPORT_MAX)
      .getMany();
    const labels = await this.fields.labels(fields);
    const flat = rows.map((r) => {
      const out: Record<string, unknown> = { dataId: r.dataId, createTime: r.createTime, ip: r.ip, memberId: r.memberId ?? '' };
      for (const f of fields) out[`f_${f.code}`] = cell(r.values[f.code], labels.get(f.code));
      return out;
    });
    const columns: ExportColumn[] = [
      { key: 'dataId', header: 'customform.col.dataId', width: 10 },
      ...fields.map((f): ExportColumn => ({ key: `f_${f.code}`, header: f.name, width: f.controlType === 'textarea' ? 40 : 20 })),
      { key: 'createTime', header: 'customform.col.createTime', width: 20 },
      { key: 'ip', header: 'customform.col.ip', width: 16 },
      { key: 'memberId', header: 'customform.col.member', width: 12 },
    ];
    return { form, stream: await streamXlsx(flat, columns, form.name || t('customform.exportFile')) };
  }

  private filtered(form: CmsCustomForm, query: CustomFormDataQueryDto) {
    const begin = query.beginTime ? new Date(query.beginTime) : undefined;
    // A date alone (YYYY-MM-DD) as the end means to the end of that day.
    const end = query.endTime ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(query.endTime) ? `${query.endTime}T23:59:59.999` : query.endTime) : undefined;
    if (begin && end && begin > end) throw new ServiceException('customform.timeOrder');
    const qb = this.rows.createQueryBuilder('d').where('d.form_id = :formId', { formId: form.formId });
    if (begin) qb.andWhere('d.create_time >= :begin', { begin });
    if (end) qb.andWhere('d.create_time <= :end', { end });
    return qb;
  }

  private async row(form: CmsCustomForm, dataId: string): Promise<CmsCustomFormData> {
    const row = await this.rows.findOneBy({ dataId, formId: form.formId });
    if (!row) throw ServiceException.notFound('customform.dataNotFound');
    return row;
  }
}

/** A value as a cell: option values as their labels, lists joined. */
function cell(value: unknown, labels: Map<string, string> | undefined): unknown {
  const show = (v: unknown) => (labels?.get(String(v)) ?? v) as unknown;
  if (Array.isArray(value)) return value.map((v) => String(show(v))).join('、');
  return value === undefined || value === null ? '' : show(value);
}

export function dataDto(r: CmsCustomFormData): CustomFormDataDto {
  return {
    dataId: r.dataId,
    formId: r.formId,
    values: r.values,
    ip: r.ip,
    memberId: r.memberId,
    createBy: r.createBy,
    createTime: r.createTime,
    updateTime: r.updateTime,
  };
}

export type { XModelFieldView };
