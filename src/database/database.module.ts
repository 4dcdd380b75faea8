import { Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { ReadReplicas } from './replicas/read-replicas.service';

@Global()
@Module({ providers: [PrismaService, ReadReplicas], exports: [PrismaService, ReadReplicas] })
export class DatabaseModule {}
