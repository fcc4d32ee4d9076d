import { Link } from 'react-router';
import { CHECK_PRODUCTS, WRITING_TOOLS } from '../catalog';
import { ProductGrid } from '../components/ProductGrid';

const STEPS = [
  { title: '选择工具', text: '从写作工具或检测产品中选择需要的服务' },
  { title: '填写要求', text: '输入题目、专业、核心内容或上传论文' },
  { title: '获取结果', text: '在线查看生成内容，下载检测报告' },
];

export function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="hero-eyebrow">AI写作 · 论文查重 · AIGC检测</p>
          <h1>智文 · AI写作与论文检测</h1>
          <p className="hero-lead">
            60 多种 AI 写作工具覆盖论文、公文、报告与创作；查重、AIGC 检测和降重降 AIGC，帮你把好论文提交前的最后一关。
          </p>
          <div className="hero-actions">
            <Link to="/aiwnxz" className="button button-large">
              开始写作
            </Link>
            <Link to="/bkysb" className="button button-large button-ghost">
              论文查重
            </Link>
          </div>
          <ul className="hero-points">
            <li>
              <strong>60+</strong>
              <span>AI写作工具</span>
            </li>
            <li>
              <strong>6 类</strong>
              <span>论文检测服务</span>
            </li>
            <li>
              <strong>在线</strong>
              <span>报告下载</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section" id="writing" aria-labelledby="writing-title">
        <div className="container">
          <div className="section-head">
            <h2 id="writing-title">AI写作</h2>
            <p>选题、提纲、正文到润色，常用写作场景一步到位</p>
          </div>
          <ProductGrid products={WRITING_TOOLS} tone="write" />
        </div>
      </section>

      <section className="section section-alt" id="check" aria-labelledby="check-title">
        <div className="container">
          <div className="section-head">
            <h2 id="check-title">论文检测</h2>
            <p>查重、AIGC 检测与降重，覆盖本科到硕博各阶段</p>
          </div>
          <ProductGrid products={CHECK_PRODUCTS} tone="check" />
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <div className="section-head">
            <h2 id="steps-title">三步完成</h2>
          </div>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <span className="step-number">{index + 1}</span>
                <strong>{step.title}</strong>
                <span>{step.text}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
