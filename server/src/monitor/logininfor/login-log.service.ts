import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import { UAParser } from 'ua-parser-js';
import { LoginLog } from './login-log.entity';

export interface ClientInfo {
  ipaddr: string;
  browser: string;
  os: string;
  userAgent: string;
}

/** Address, browser and system of the client of a request. */
export function clientInfo(req: Request): ClientInfo {
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
  const ua = UAParser(userAgent);
  return {
    ipaddr: req.ip ?? '',
    browser: [ua.browser.name, ua.browser.major].filter(Boolean).join(' ').slice(0, 50),
    os: [ua.os.name, ua.os.version].filter(Boolean).join(' ').slice(0, 50),
    userAgent,
  };
}

/** Writes the login log: every attempt of staff and members, its result and message. */
@Injectable()
export class LoginLogService {
  constructor(@InjectRepository(LoginLog) private readonly logs: Repository<LoginLog>) {}

  /** `realm` tells back-office sign-ins (staff) from the public site's (members). */
  async record(userName: string, client: ClientInfo, success: boolean, msg: string, realm: 'staff' | 'member' = 'staff'): Promise<void> {
    await this.logs.insert({
      userName: userName.slice(0, 100),
      ipaddr: client.ipaddr,
      browser: client.browser,
      os: client.os,
      userAgent: client.userAgent,
      status: success ? '0' : '1',
      msg: msg.slice(0, 255),
      realm,
    });
  }
}
