/**
 * Texts of the legal pages (/terms and /privacy-policy), kept apart from pt-BR.ts because of
 * their length. Each section has an id (anchor), a title and paragraphs or list items.
 */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export const termsOfUse: LegalDocument = {
  title: 'Termos de Uso',
  intro:
    'Estes Termos de Uso regem o acesso e o uso do Fã Clube, plataforma on-line que permite a criadores de conteúdo oferecer assinaturas pagas aos seus fãs, com pagamento por Pix. Ao criar uma conta ou usar a plataforma, você declara ter lido e concordado com estes termos e com a nossa Política de Privacidade.',
  sections: [
    {
      id: 'definicoes',
      title: '1. Definições',
      paragraphs: [
        'Para estes termos: "Plataforma" é o site e os serviços do Fã Clube; "Usuário" é toda pessoa com conta; "Criador" é o usuário que mantém um espaço de trabalho com perfil público e planos de assinatura; "Assinante" é o usuário que paga um plano para acessar o conteúdo de um Criador; "Equipe" são as pessoas convidadas pelo Criador para ajudar a gerir o espaço de trabalho.',
      ],
    },
    {
      id: 'conta',
      title: '2. Cadastro e conta',
      paragraphs: [
        'Para usar a Plataforma é preciso ter pelo menos 18 anos e plena capacidade civil, e informar nome completo, e-mail, nome de usuário e senha verdadeiros e atualizados.',
        'Você é responsável por manter a confidencialidade da sua senha e por todas as atividades realizadas na sua conta. Recomendamos ativar a autenticação em dois fatores (2FA). Avise-nos imediatamente se suspeitar de acesso não autorizado.',
        'Podemos recusar, suspender ou encerrar contas com dados falsos, que violem estes termos ou a legislação brasileira.',
      ],
    },
    {
      id: 'criadores',
      title: '3. Regras para Criadores',
      paragraphs: [
        'O Criador define livremente os preços dos planos mensal, trimestral e anual e os respectivos descontos, e informa a chave Pix em que deseja receber. O Criador é o único responsável pelo conteúdo que publica e declara ter todos os direitos, autorizações e consentimentos necessários, inclusive de pessoas que apareçam no conteúdo.',
        'O Criador é responsável pelas obrigações fiscais decorrentes dos valores que recebe, incluindo a emissão de documentos fiscais quando exigida.',
      ],
    },
    {
      id: 'assinaturas',
      title: '4. Assinaturas e pagamentos por Pix',
      paragraphs: [
        'A assinatura é contratada pelo Assinante diretamente com o Criador. O pagamento é feito por Pix, com o código "copia e cola" ou QR code exibido na Plataforma, e o acesso ao conteúdo é liberado após a confirmação do pagamento, pelo período do plano escolhido (1, 3 ou 12 meses).',
        'As assinaturas não são renovadas automaticamente: para continuar com acesso após o fim do período, o Assinante deve realizar um novo pagamento.',
        'Nos termos do art. 49 do Código de Defesa do Consumidor, o Assinante pode desistir da contratação em até 7 (sete) dias a contar do pagamento, solicitando o reembolso pelos nossos canais de atendimento.',
      ],
    },
    {
      id: 'conteudo-proibido',
      title: '5. Conteúdo e condutas proibidas',
      paragraphs: ['Não é permitido publicar, enviar ou compartilhar na Plataforma:'],
      items: [
        'conteúdo envolvendo menores de 18 anos em qualquer contexto sexual ou impróprio;',
        'conteúdo íntimo de terceiros sem o consentimento expresso deles;',
        'material que viole direitos autorais, de imagem ou de marca;',
        'discurso de ódio, discriminação, ameaças, assédio ou incitação à violência;',
        'golpes, fraudes, spam ou tentativas de obter dados de outros usuários;',
        'a redistribuição, fora da Plataforma, de conteúdo exclusivo de assinantes.',
      ],
    },
    {
      id: 'propriedade',
      title: '6. Propriedade intelectual',
      paragraphs: [
        'O Criador mantém todos os direitos sobre o seu conteúdo e concede ao Fã Clube uma licença não exclusiva, gratuita e limitada para armazená-lo, processá-lo e exibi-lo aos seus Assinantes e Equipe, apenas para operar a Plataforma.',
        'A marca, o software e o design do Fã Clube são protegidos por lei e não podem ser copiados sem autorização.',
      ],
    },
    {
      id: 'responsabilidade',
      title: '7. Limitação de responsabilidade',
      paragraphs: [
        'A Plataforma é oferecida "no estado em que se encontra". Empregamos esforços razoáveis para mantê-la disponível e segura, mas não garantimos funcionamento ininterrupto. Não somos responsáveis pelo conteúdo publicado pelos Criadores nem por falhas de instituições de pagamento alheias ao nosso controle, ressalvados os direitos do consumidor previstos em lei.',
      ],
    },
    {
      id: 'encerramento',
      title: '8. Encerramento',
      paragraphs: [
        'Você pode encerrar sua conta a qualquer momento. Podemos suspender ou encerrar contas que violem estes termos, mediante aviso quando possível. Após o encerramento, os dados são tratados conforme a Política de Privacidade.',
      ],
    },
    {
      id: 'alteracoes',
      title: '9. Alterações e legislação aplicável',
      paragraphs: [
        'Podemos atualizar estes termos; mudanças relevantes serão comunicadas por e-mail ou na Plataforma com antecedência razoável. Estes termos são regidos pelas leis da República Federativa do Brasil, e fica eleito o foro do domicílio do consumidor para dirimir eventuais controvérsias.',
        'Dúvidas: contato@faclube.com.br.',
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: 'Política de Privacidade',
  intro:
    'Esta Política de Privacidade explica como o Fã Clube coleta, usa, compartilha e protege os seus dados pessoais, em conformidade com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018 — LGPD) e o Marco Civil da Internet (Lei nº 12.965/2014).',
  sections: [
    {
      id: 'controlador',
      title: '1. Quem é o controlador',
      paragraphs: [
        'O Fã Clube é o controlador dos dados pessoais tratados na Plataforma. Em relação aos dados dos seus Assinantes que o Criador acessa (como nome de usuário e plano), o Criador também atua como controlador e deve respeitar a LGPD.',
      ],
    },
    {
      id: 'dados',
      title: '2. Quais dados coletamos',
      paragraphs: ['Coletamos apenas o necessário para oferecer o serviço:'],
      items: [
        'dados de cadastro: nome completo, e-mail, nome de usuário e senha (guardada apenas em forma de hash);',
        'dados de perfil: foto, capa, descrição e as publicações que você fizer;',
        'dados de pagamento: valores, planos, identificadores das cobranças Pix e a chave Pix informada pelo Criador — não armazenamos dados bancários do Assinante;',
        'dados de acesso e segurança: endereço IP, data e hora, tipo de dispositivo, navegador, localização aproximada derivada do IP e um identificador do dispositivo, mantidos também por exigência do art. 15 do Marco Civil da Internet;',
        'dados de login social: quando você entra com o Google, recebemos seu nome e e-mail verificados.',
      ],
    },
    {
      id: 'finalidades',
      title: '3. Para que usamos e com qual base legal',
      paragraphs: [],
      items: [
        'criar e manter sua conta, processar assinaturas e liberar conteúdo — execução de contrato (art. 7º, V);',
        'proteger sua conta, detectar fraudes e mostrar o registro de atividades de acesso — legítimo interesse e proteção do crédito (art. 7º, IX e X);',
        'guardar registros de acesso e cumprir obrigações fiscais — cumprimento de obrigação legal (art. 7º, II);',
        'enviar e-mails transacionais, como redefinição de senha e convites de equipe — execução de contrato;',
        'comunicações de marketing, somente com o seu consentimento, que pode ser retirado a qualquer momento (art. 7º, I).',
      ],
    },
    {
      id: 'compartilhamento',
      title: '4. Com quem compartilhamos',
      paragraphs: [
        'Não vendemos dados pessoais. Compartilhamos dados apenas com: o Criador que você assina (nome de usuário, nome de exibição e plano); instituições de pagamento que processam o Pix; provedores de infraestrutura (hospedagem, armazenamento e envio de e-mails) contratados sob obrigações de confidencialidade e segurança; e autoridades públicas, quando exigido por lei ou ordem judicial.',
        'Alguns provedores podem estar fora do Brasil; nesses casos, a transferência internacional segue as hipóteses do art. 33 da LGPD.',
      ],
    },
    {
      id: 'retencao',
      title: '5. Por quanto tempo guardamos',
      paragraphs: [
        'Mantemos os dados enquanto sua conta estiver ativa. Após o encerramento, excluímos ou anonimizamos os dados, exceto os que precisamos guardar por lei: registros de acesso por 6 meses (Marco Civil) e registros de pagamentos pelo prazo exigido pela legislação fiscal.',
      ],
    },
    {
      id: 'direitos',
      title: '6. Seus direitos',
      paragraphs: [
        'Como titular, você pode, a qualquer momento e gratuitamente (art. 18 da LGPD):',
      ],
      items: [
        'confirmar a existência de tratamento e acessar seus dados;',
        'corrigir dados incompletos, inexatos ou desatualizados;',
        'pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em desconformidade;',
        'pedir a portabilidade dos seus dados;',
        'obter informação sobre com quem compartilhamos seus dados;',
        'revogar o consentimento e se opor a tratamentos baseados em legítimo interesse;',
        'apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
      ],
    },
    {
      id: 'seguranca',
      title: '7. Segurança',
      paragraphs: [
        'Usamos conexões criptografadas, senhas com hash, tokens de sessão de curta duração, autenticação em dois fatores opcional, controle de acesso por função e links temporários para arquivos. Nenhum sistema é totalmente invulnerável; se ocorrer um incidente de segurança relevante, comunicaremos os titulares afetados e a ANPD, nos termos do art. 48 da LGPD.',
      ],
    },
    {
      id: 'armazenamento-local',
      title: '8. Armazenamento no navegador',
      paragraphs: [
        'Usamos o armazenamento local do navegador para manter você conectado (tokens de sessão), lembrar o espaço de trabalho atual e a preferência de tema, e guardar um identificador do dispositivo usado na proteção da conta. Não usamos cookies de publicidade nem rastreadores de terceiros.',
      ],
    },
    {
      id: 'menores',
      title: '9. Menores de idade',
      paragraphs: [
        'A Plataforma não se destina a menores de 18 anos. Se identificarmos uma conta de menor, ela será encerrada e os dados eliminados.',
      ],
    },
    {
      id: 'contato',
      title: '10. Encarregado e contato',
      paragraphs: [
        'Para exercer seus direitos ou tirar dúvidas sobre esta política, fale com o nosso Encarregado pelo Tratamento de Dados Pessoais (DPO) em privacidade@faclube.com.br. Responderemos em até 15 dias.',
        'Podemos atualizar esta política; a data da última atualização aparece no topo da página e mudanças relevantes serão comunicadas.',
      ],
    },
  ],
};
