import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { FieldError, PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { t } from '../../common/i18n/i18n';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { cronProblem, nextRun, nextRuns } from './job-cron';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobScheduler } from './job-scheduler.service';
import type { ChangeJobStatusDto, CreateJobDto, CronNextDto, JobQueryDto, UpdateJobDto } from './job.dto';
import { SysJob } from './job.entity';

/** Scheduled jobs (定时任务): saved only with a registered handler, parameters fitting it and a cron that fires. */
@Injectable()
export class JobService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: JobHandlerRegistry,
    private readonly scheduler: JobScheduler,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(SysJob);
  }

  list(query: JobQueryDto): Promise<PageResult<SysJob>> {
    const qb = this.repo.createQueryBuilder('j');
    if (query.jobName) qb.andWhere('j.job_name ILIKE :jobName', { jobName: `%${escapeLike(query.jobName)}%` });
    if (query.jobGroup) qb.andWhere('j.job_group = :jobGroup', { jobGroup: query.jobGroup });
    if (query.status) qb.andWhere('j.status = :status', { status: query.status });
    if (query.handler) qb.andWhere('j.handler ILIKE :handler', { handler: `%${escapeLike(query.handler)}%` });
    return paginate(qb, query, {
      sortable: { jobId: 'j.job_id', jobName: 'j.job_name', nextFireTime: 'j.next_fire_time', createTime: 'j.create_time' },
      defaultOrder: { 'j.job_id': 'ASC' },
    });
  }

  async get(jobId: string): Promise<SysJob> {
    const job = await this.repo.findOne({ where: { jobId } });
    if (!job) throw ServiceException.notFound('job.notFound');
    return job;
  }

  /** The registered handlers with their parameter schemas, for the edit dialog. */
  handlers() {
    return this.registry.list();
  }

  /** The next five times of `cron`, or what is wrong with it (answered, not refused: the dialog previews as one types). */
  cronNext(cron: string, now: Date = new Date()): CronNextDto {
    const problem = cronProblem(cron, now);
    if (problem) return { valid: false, message: t(problem.key, localizeArgs(problem.args)), nextTimes: [] };
    return { valid: true, nextTimes: nextRuns(cron, 5, now).map((d) => d.toISOString()) };
  }

  async create(caller: LoginUser, dto: CreateJobDto): Promise<SysJob> {
    const params = this.check(dto);
    const status = dto.status ?? '1';
    const saved = await this.repo.save(
      this.repo.create({
        jobName: dto.jobName,
        jobGroup: dto.jobGroup || 'DEFAULT',
        handler: dto.handler,
        params,
        cronExpression: dto.cronExpression,
        misfirePolicy: dto.misfirePolicy ?? '0',
        concurrent: dto.concurrent ?? '1',
        status,
        nextFireTime: status === '0' ? nextRun(dto.cronExpression) : null,
        remark: dto.remark ?? '',
        createBy: caller.userName,
        updateBy: caller.userName,
      }),
    );
    return this.get(saved.jobId);
  }

  async update(caller: LoginUser, dto: UpdateJobDto): Promise<SysJob> {
    const params = this.check(dto);
    await this.dataSource.transaction(async (m) => {
      const job = await m.findOne(SysJob, { where: { jobId: dto.jobId }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw ServiceException.notFound('job.notFound');
      const status = dto.status ?? job.status;
      // A new expression or a resumed job starts from now; an unchanged running schedule keeps its next time.
      const reschedule = job.cronExpression !== dto.cronExpression || status !== job.status;
      Object.assign(job, {
        jobName: dto.jobName,
        jobGroup: dto.jobGroup || job.jobGroup,
        handler: dto.handler,
        params,
        cronExpression: dto.cronExpression,
        misfirePolicy: dto.misfirePolicy ?? job.misfirePolicy,
        concurrent: dto.concurrent ?? job.concurrent,
        status,
        nextFireTime: status !== '0' ? null : reschedule || !job.nextFireTime ? nextRun(dto.cronExpression) : job.nextFireTime,
        remark: dto.remark ?? job.remark,
        updateBy: caller.userName,
      });
      await m.save(job);
    });
    return this.get(dto.jobId);
  }

  /** Enables (scheduled from now on, missed times are not made up) or pauses a job. */
  async changeStatus(caller: LoginUser, dto: ChangeJobStatusDto): Promise<SysJob> {
    const job = await this.get(dto.jobId);
    const nextFireTime = dto.status === '0' ? nextRun(job.cronExpression) : null;
    await this.repo.update({ jobId: dto.jobId }, { status: dto.status, nextFireTime, updateBy: caller.userName });
    return this.get(dto.jobId);
  }

  /** Runs the job once now, whatever its schedule; the run is logged like any other. */
  async run(jobId: string): Promise<void> {
    await this.get(jobId);
    await this.scheduler.trigger(jobId);
  }

  async remove(jobIds: string[]): Promise<void> {
    const found = await this.repo.count({ where: { jobId: In(jobIds) } });
    if (found !== new Set(jobIds).size) throw ServiceException.notFound('job.notFound');
    await this.repo.delete({ jobId: In(jobIds) });
  }

  /** The handler exists, its parameters fit and the cron fires: else refused, naming the field. */
  private check(dto: CreateJobDto): Record<string, unknown> {
    const problem = cronProblem(dto.cronExpression);
    if (problem) {
      const message = t(problem.key, localizeArgs(problem.args));
      const errors: FieldError[] = [{ field: 'cronExpression', message }];
      throw new ServiceException(message, undefined, undefined, undefined, { errors });
    }
    return this.registry.validate(dto.handler, dto.params ?? {});
  }
}

/** Arguments that are message keys themselves (a cron field's name) translated. */
function localizeArgs(args?: Record<string, string | number>): Record<string, string | number> | undefined {
  if (!args) return args;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('job.cron.field.') ? t(v) : v]));
}
